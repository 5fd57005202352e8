// Symbolic execution of a host tiling function over the Clang AST, with the
// same values as the kernel frontend (SymExpr). The state is a map from
// locations (locals, fields of objects) to values; an `if` with a symbolic
// condition runs both branches on copies and merges them with select; a
// `return` records its condition and a snapshot of what the host sent so far.
// What is not understood becomes an opaque value (never a guessed one), and a
// field whose value is opaque is left out of the contract.
#include "checker/frontend/AstWalk.h"
#include "checker/frontend/CxxInt.h"
#include "checker/frontend/InterpCore.h"
#include "checker/frontend/LaunchSyntax.h"
#include "checker/host/HostContract.h"
#include "smt/Solver.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/ASTLambda.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/StmtCXX.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/CrashRecoveryContext.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <functional>
#include <regex>
#include <set>
#include <unordered_set>
#include <sstream>

namespace alint::host {

// A tensor lives in one device's memory, and the largest of the supported
// chips has 144 GB (Ascend 950DT HBM, Huawei Connect 2025; 910B: 64 GB): no
// tensor has more bytes, so one of a dtype of b bytes has at most
// kMaxTensorBytes / b elements (HostInterp::var). Where the dtype's size is
// not known (sub-byte types), at most 2^38 elements.
constexpr int64_t kMaxTensorBytes = int64_t(144) << 30;
constexpr int64_t kMaxTensorElems = int64_t(1) << 38;
// A gert::Shape holds at most kMaxDimNum = 25 dimensions (its dims_ array;
// hicann/metadef docs/api/简介-62.md, the Shape structure's introduction):
// the rank GetDimNum returns (HostInterp::var), which bounds the loops over
// the dimensions (boundedUnroll).
constexpr int64_t kMaxShapeRank = 25;

namespace {

using namespace clang;

// Byte size of a ge::DataType (asc-devkit include/basic_api/kernel_type.h
// for the values: 33 complex32, two halves; 34-37 the 8-bit floats);
// sub-byte and unknown types are opaque.
const std::vector<std::pair<int64_t, int64_t>> kDtypeSizeTable = {
    {0, 4},  {1, 2},  {2, 1},  {3, 4},   {4, 1},  {6, 2},  {7, 2},  {8, 4},  {9, 8},  {10, 8},
    {11, 8}, {12, 1}, {16, 8}, {17, 16}, {27, 2}, {33, 4}, {34, 1}, {35, 1}, {36, 1}, {37, 1}};

// What an object stands for.
enum class OK {
  User,
  Context,
  StorageShape,
  Shape,
  Desc,
  Attrs,
  Platform,
  PlatformInfo,
  RawTiling,
  Workspace,
  Alloc,
  TensorData // the values of an input tensor (Tensor::GetData<T>()), a value-dependent input
};

struct HObj {
  OK kind = OK::User;
  std::string tensor; // StorageShape / Shape / Desc: "x"
  bool origin = false;
  const CXXRecordDecl *rec = nullptr;
  bool tiling = false;  // the tiling data the kernel receives
  bool saved = false;   // a struct SaveToBuffer copies (saved by path: kSavedKey)
  Sym bytes;            // Alloc: the byte size aclrtMalloc was asked for; null when not known
  Sym reservedUb;       // Platform: the UB bytes ReserveLocalMemory set aside (last call wins); null: none
  int64_t arrSize = -1; // an integer array of this many elements "[k]"
  IntType dataElem;     // TensorData: the element type read
};

// A location: a local of a frame (obj < 0) or a field path of an object.
struct Loc {
  int64_t obj = 0;
  std::string key;
  bool operator<(const Loc &o) const { return obj != o.obj ? obj < o.obj : key < o.key; }
  bool operator==(const Loc &o) const { return obj == o.obj && key == o.key; }
};

// Why a location has no value: never written (an uninitialised member), or
// written on one branch only.
constexpr const char *kReadBeforeWritten = "read before written";
constexpr const char *kNotSetOnPath = "not set on this path";

struct HVal {
  enum K { None, Int, Obj, Ref } k = None;
  Sym s;           // Int (integers, enums, booleans)
  int obj = -1;    // Obj: the object (by pointer or by value)
  Loc ref;         // Ref: a reference to a location
  std::string why; // None: why it is not known
};

// A field's value. One that is partly a value the reader does not model (the
// empty-input path's `shape.GetShapeSize() == 0` taken on a shape it could
// not follow) is kept, its unmodelled parts free: the kernel's obligations
// are proved for every value of them, and a counterexample that needs one is
// `unknown` (smt/Solver.cpp), not a warning for values the host may never send.
static void keepField(HostContract &hc, const std::string &key, const Sym &s) {
  Sym bare = s;
  while (bare && bare->op == SymOp::Cast)
    bare = bare->args[0];
  // The same field reached through two objects (the struct the empty-input
  // path zeroes, and the one a helper fills through another pointer: ops-math
  // cosh) with two different values, or with one unknown: it is not known.
  // Keeping the first would bind the field to the empty path's 0 for every
  // input, and prove every obligation of the kernel vacuously.
  auto unknown = [&] {
    hc.fields.erase(key);
    if (std::find(hc.unconstrained.begin(), hc.unconstrained.end(), key) == hc.unconstrained.end())
      hc.unconstrained.push_back(key);
  };
  if (!bare || (bare->op == SymOp::Var && bare->var->role == VarRole::Opaque) ||
      std::find(hc.unconstrained.begin(), hc.unconstrained.end(), key) != hc.unconstrained.end()) {
    unknown();
    return;
  }
  if (auto it = hc.fields.find(key); it != hc.fields.end() && it->second != s) {
    unknown();
    return;
  }
  hc.fields[key] = s;
  if (containsOpaque(s))
    hc.partial.push_back(key);
}

HVal intV(Sym s) {
  HVal v;
  v.k = HVal::Int;
  v.s = std::move(s);
  return v;
}
HVal objV(int o) {
  HVal v;
  v.k = HVal::Obj;
  v.obj = o;
  return v;
}
HVal noneV(const std::string &why) {
  HVal v;
  v.why = why;
  return v;
}

struct ReturnRec {
  Sym cond;
  HVal value;
  std::map<Loc, HVal> snapshot; // the contract locations at this return
  bool failure = false;         // the path itself says the value is not 0
};

// Whether `cond` has a conjunct saying `value != 0` (through conversions
// that keep zero apart: to a type at least as wide): a status passed on,
// `if (ret != GRAPH_SUCCESS) return ret;`, whose value and condition the
// later simplifications no longer show to be one (ops-math
// circular_pad_grad: a 2.6 MB condition Z3 cannot read in its budget).
static bool saysNonZero(const Sym &cond, const Sym &value) {
  auto bare = [](Sym x) {
    while (x->op == SymOp::Cast && !x->type.isBool && !x->args[0]->type.isBool &&
           (x->type.bits == 0 || (x->args[0]->type.bits != 0 && x->type.bits >= x->args[0]->type.bits)))
      x = x->args[0];
    return x;
  };
  Sym v = bare(value);
  std::function<bool(const Sym &)> walk = [&](const Sym &c) {
    if (c->op == SymOp::LAnd)
      return std::any_of(c->args.begin(), c->args.end(), walk);
    bool ne = c->op == SymOp::Ne;
    Sym cmp = c;
    if (c->op == SymOp::LNot && c->args[0]->op == SymOp::Eq) {
      ne = true;
      cmp = c->args[0];
    }
    if (!ne || cmp->args.size() != 2)
      return false;
    for (int i = 0; i < 2; ++i) {
      auto k = asConst(cmp->args[1 - i]);
      if (k && *k == 0 && structurallyEqual(bare(cmp->args[i]), v))
        return true;
    }
    return false;
  };
  return walk(cond);
}

struct Frame {
  int64_t id;
  std::vector<ReturnRec> returns;
  int thisObj = -1;
  int64_t localsId = 0;             // a lambda run in place shares its creator's locals
  const FunctionDecl *fn = nullptr; // whose body runs (lambdas: the enclosing function)
};

// A kernel launch the host reaches (direct launches).
struct LaunchRec {
  Sym cond;
  HVal blocks;
  std::vector<std::pair<std::string, HVal>> args; // by kernel parameter name
  const FunctionDecl *kernel = nullptr;
};

struct Failure {
  std::string reason;
};

// `(__alint_launch(cfg...), kernel)`, the callee of a launch as
// readDirectLaunch rewrites `kernel<<<cfg...>>>`: the kernel and the
// configuration (its first value is the block count). The configuration call
// is a RecoveryExpr when an argument does not compile (an unknown stream).
std::optional<std::pair<const FunctionDecl *, std::vector<const Expr *>>> launchCallee(const Expr *callee) {
  const auto *bo = dyn_cast<BinaryOperator>(callee->IgnoreParenImpCasts());
  if (!bo || bo->getOpcode() != BO_Comma)
    return std::nullopt;
  const auto *dr = dyn_cast<DeclRefExpr>(bo->getRHS()->IgnoreParenImpCasts());
  const auto *k = dr ? dyn_cast<FunctionDecl>(dr->getDecl()) : nullptr;
  if (!k)
    return std::nullopt;
  auto named = [](const Expr *e) {
    e = e->IgnoreParenImpCasts();
    if (const auto *d = dyn_cast<DeclRefExpr>(e))
      return d->getDecl()->getNameAsString() == "__alint_launch";
    if (const auto *u = dyn_cast<OverloadExpr>(e))
      return u->getName().getAsString() == "__alint_launch";
    return false;
  };
  const Expr *lhs = bo->getLHS()->IgnoreParenImpCasts();
  if (const auto *c = dyn_cast<CallExpr>(lhs); c && named(c->getCallee()))
    return std::make_pair(k, std::vector<const Expr *>(c->arg_begin(), c->arg_end()));
  if (const auto *re = dyn_cast<RecoveryExpr>(lhs)) {
    auto subs = re->subExpressions();
    if (!subs.empty() && named(subs[0]))
      return std::make_pair(k, std::vector<const Expr *>(subs.begin() + 1, subs.end()));
  }
  return std::nullopt;
}

// The tiling classes a file registers with ops-math's
// REGISTER_OPS_TILING_TEMPLATE(op, class, priority): a static
// `Register("op").tiling<class>(priority)` (common/inc/op_host/
// math_tiling_templates_registry.h). TilingRegistry::DoTilingImpl runs them in
// priority order (std::map<int32_t, ...>, smallest first).
struct TilingTemplate {
  int64_t priority;
  std::string op;
  const CXXRecordDecl *cls;
};

class FindTilingTemplates {
public:
  explicit FindTilingTemplates(ASTContext &c) : ctx(c) {}
  std::vector<TilingTemplate> found;
  bool unreadable = false; // a registration whose class or priority is not a constant
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *mc) {
    const CXXMethodDecl *md = mc->getMethodDecl();
    if (!md || md->getName() != "tiling" || md->getParent()->getName() != "Register")
      return true;
    const TemplateArgumentList *ta = md->getTemplateSpecializationArgs();
    const CXXRecordDecl *cls = ta && ta->size() >= 1 && ta->get(0).getKind() == TemplateArgument::Type
                                   ? ta->get(0).getAsType()->getAsCXXRecordDecl()
                                   : nullptr;
    Expr::EvalResult pr;
    if (!cls || mc->getNumArgs() != 1 || !mc->getArg(0)->EvaluateAsInt(pr, ctx)) {
      unreadable = true;
      return true;
    }
    found.push_back({pr.Val.getInt().getExtValue(), opOf(mc->getImplicitObjectArgument()), cls});
    return true;
  }

private:
  ASTContext &ctx;
  // The op type: the string literal `Register(#op_type)` was given.
  static std::string opOf(const Stmt *s) {
    if (!s)
      return "";
    if (const auto *sl = dyn_cast<StringLiteral>(s))
      return sl->getString().str();
    for (const Stmt *c : s->children())
      if (std::string o = opOf(c); !o.empty())
        return o;
    return "";
  }
};

// How code writes a namespace-scope integer array (HostInterp::globalArray).
struct GlobalWrites {
  bool any = false;                     // some use the reader cannot account for: every element unknown
  std::set<std::vector<int64_t>> cells; // elements some assignment writes (constant indices)
};

class HostInterp {
public:
  HostInterp(ASTContext &ctx, const HostOptions &o) : ctx(ctx), sm(ctx.getSourceManager()), opts(o) {}

  HostContract run(const FunctionDecl *fd);
  // The function given to `.TilingParse<CompileInfo>(f)`: it fills the
  // compile info GetCompileInfo returns (run once before the tiling function).
  void setParseFunction(const FunctionDecl *f, const CXXRecordDecl *info) {
    parseFn = f;
    compileInfoRec = info;
  }
  void setLenient(bool on) { lenient = on; }
  // Direct launch: run `host` (its parameters free) and take the one launch
  // of `kernel` it reaches.
  HostContract runLaunch(const FunctionDecl *host, const FunctionDecl *kernel);

private:
  ASTContext &ctx;
  SourceManager &sm;
  const HostOptions &opts;
  std::vector<HObj> objs;
  std::map<Loc, HVal> state;
  std::vector<Frame> frames;
  int64_t nextFrame = 1;
  Sym pc = mkBool(true);
  std::map<std::string, Sym> vars; // shape / dtype / platform variables by name
  // reductionOverData's values by name: the condition of their loop's
  // first iteration.
  std::map<std::string, Sym> reductions;
  // Dimensions read only through a computed index (tensorDim): not taken as
  // dimensions the shape has (the tensor's size facts stop before them).
  std::set<std::string> computedDims;
  std::map<uint32_t, std::vector<int64_t>> allowedDtypes; // dtype variable id -> the OpDef's dtypes
  std::vector<Sym> facts;
  unsigned long steps = 0;
  int contextObj = -1;
  const FunctionDecl *parseFn = nullptr;
  int compileInfoObj = -1; // the compile info TilingParse filled (-1: none)
  const CXXRecordDecl *compileInfoRec = nullptr;
  void runParse();
  bool dry = false;
  // A loop over a shape's dimensions being dry-run: GetDim(i) is `dimMarker`.
  Sym loopIndex, dimMarker;
  std::string loopShape;

  static const Loc kBlockDim, kTilingKey, kWorkspace;
  int workspaceObj = -1;                                // GetWorkspaceSizes' array
  static constexpr const char *kSavedKey = "\x01saved"; // SaveToBuffer ran on this struct (by path)

  // ---- direct launches
  const FunctionDecl *launchKernel = nullptr; // the kernel whose launch is read
  std::vector<LaunchRec> launches;
  // The host file has compile errors that Clang recovered from: code it
  // dropped is found between statements and what it names is made unknown.
  bool lenient = false;
  std::map<std::string, const ValueDecl *> localNames; // Loc key -> declaration
  std::set<Loc> escaped; // locals a lambda captured by reference and that may change at any time
  HVal launch(const std::vector<const Expr *> &cfg, const FunctionDecl *k, const std::vector<const Expr *> &args,
              SourceLocation l);
  void recordLaunch(const FunctionDecl *k, const HVal &blocks, const std::vector<HVal> &vals, SourceLocation l);
  std::vector<Sym> outerConds; // path conditions of the callers and creators of the running frames
  Sym fullCond() {
    Sym c = mkAnd(pc, alive());
    for (const Sym &o : outerConds)
      c = mkAnd(o, c);
    return c;
  }
  HVal lambdaInPlace(const LambdaExpr *le);
  void havocLocal(const Loc &l, const std::string &why);
  void havocObject(int o, const std::string &why, int depth = 0);
  bool unfollowedWrite(const Expr *lhs, const std::string &why);
  bool unmodelledStorage(const Expr *e);
  // Reference parameters bound to such storage of the caller (the call's
  // frame tells them apart).
  std::set<Loc> unmodelledRefs;
  void havocNamed(const std::string &text, const std::string &why, const std::set<std::string> &except = {});
  void havocWritableArgs(const Expr *e, const std::string &why);
  void droppedCode(SourceLocation from, SourceLocation to);
  std::string text(SourceRange r) const;
  std::optional<Loc> findLocal(const std::string &name);
  std::vector<Loc> localsNamed(const std::string &name);
  bool stdCall(const CallExpr *ce, const FunctionDecl *fd, int self, const std::vector<const Expr *> &args, HVal &out);
  // `v[i]`, `v.at(i)`, `v.front()`, `v.back()` on a std::vector.
  static bool isVectorElement(const Expr *e) {
    const auto *ce = dyn_cast_or_null<CallExpr>(e ? e->IgnoreParenImpCasts() : nullptr);
    const auto *md = ce ? dyn_cast_or_null<CXXMethodDecl>(ce->getDirectCallee()) : nullptr;
    if (!md || !md->getParent()->isInStdNamespace() || md->getParent()->getName() != "vector")
      return false;
    if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(ce))
      return oc->getOperator() == OO_Subscript;
    std::string n = md->getNameAsString();
    return n == "at" || n == "front" || n == "back";
  }

  // `shape[i] = v` on a gert::Shape (slice's AssignInputValueOpt fills a
  // shape from a constant input): the shape is no longer the tensor's, as
  // after SetDim, and its reads are unknown from here on.
  bool shapeElementWritten(const Expr *e) {
    const auto *oc = dyn_cast_or_null<CXXOperatorCallExpr>(e ? e->IgnoreParenImpCasts() : nullptr);
    const auto *md = oc ? dyn_cast_or_null<CXXMethodDecl>(oc->getDirectCallee()) : nullptr;
    if (!md || oc->getOperator() != OO_Subscript || md->getParent()->getName() != "Shape" || oc->getNumArgs() != 2)
      return false;
    eval(oc->getArg(1)); // the index's side effects
    HVal self = eval(oc->getArg(0));
    if (self.k == HVal::Ref)
      self = read(self.ref);
    if (self.k == HVal::Obj && self.obj >= 0 && objs[self.obj].kind == OK::Shape) {
      objs[self.obj].kind = OK::User;
      objs[self.obj].tensor.clear();
    }
    return true;
  }

  [[noreturn]] void fail(const std::string &why, SourceLocation l) { throw Failure{why + where(l)}; }
  std::string where(SourceLocation l) const {
    if (l.isInvalid())
      return "";
    PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(l));
    if (p.isInvalid())
      return "";
    return " (" + llvm::sys::path::filename(p.getFilename()).str() + ":" + std::to_string(p.getLine()) + ")";
  }

  int newObj(OK k, const std::string &tensor = "", const CXXRecordDecl *rec = nullptr) {
    HObj o;
    o.kind = k;
    o.tensor = tensor;
    o.rec = rec;
    objs.push_back(o);
    return int(objs.size()) - 1;
  }

  // The largest element count or dimension of the tensor a variable named
  // `x.size`, `x.shape[i]` or `x.originShape[i]` describes: the bytes of the
  // largest device memory over the smallest element of the tensor's dtypes
  // (one, in a variant's build). ops-math sub_v2: a float tensor of 2^38
  // elements (1 TB) drew counterexamples no device can hold.
  std::optional<int64_t> tensorElemsBound(llvm::StringRef name) const {
    size_t dot = name.ends_with(".size") ? name.size() - 5 : std::min(name.find(".shape["), name.find(".originShape["));
    if (dot == llvm::StringRef::npos || dot == 0)
      return std::nullopt;
    auto d = opts.dtypes.find(name.substr(0, dot).str());
    if (d == opts.dtypes.end() || d->second.empty())
      return kMaxTensorElems;
    int64_t smallest = 0;
    for (int64_t dt : d->second) {
      int64_t b = 0;
      for (auto [v, bytes] : kDtypeSizeTable)
        if (v == dt)
          b = bytes;
      if (b == 0)
        return kMaxTensorElems; // a dtype whose size is not modelled
      smallest = smallest ? std::min(smallest, b) : b;
    }
    return kMaxTensorBytes / smallest;
  }

  Sym var(const std::string &name, IntType t, int64_t lo, std::optional<int64_t> hi = std::nullopt) {
    auto it = vars.find(name);
    if (it != vars.end())
      return it->second;
    Sym v = mkVar(name, t, VarRole::Input);
    vars[name] = v;
    // A tensor's element count and dimensions are at most kMaxTensorElems:
    // a tensor lives in the device's memory. Without a bound, host code's
    // `size * typeLength` in 64 bits wraps for sizes like 6.1e18 and every
    // field computed from it has counterexamples no input can produce
    // (ops-math addcmul's UB tile).
    if (!hi)
      hi = llvm::StringRef(name).ends_with(".rank") ? std::optional<int64_t>(kMaxShapeRank) : tensorElemsBound(name);
    facts.push_back(mkCmp(SymOp::Ge, toMath(v), mkConst(lo)));
    if (hi)
      facts.push_back(mkCmp(SymOp::Le, toMath(v), mkConst(*hi)));
    return v;
  }

  // ---- state
  Frame &frame() { return frames.back(); }
  int64_t localsId() { return frame().localsId ? frame().localsId : frame().id; }
  Loc localLoc(const ValueDecl *d) {
    std::string key = std::to_string(reinterpret_cast<uintptr_t>(d));
    localNames[key] = d;
    return Loc{-localsId(), key};
  }
  Loc aliveLoc() { return Loc{-frame().id, "alive"}; }
  Sym alive() {
    auto it = state.find(aliveLoc());
    return it == state.end() ? mkBool(true) : it->second.s;
  }
  HVal read(const Loc &l) {
    if (escaped.count(l))
      return noneV("a local a lambda captured by reference (it may change when the lambda runs)");
    auto it = state.find(l);
    if (it != state.end())
      return it->second;
    return noneV(kReadBeforeWritten);
  }
  void write(const Loc &l, HVal v) {
    Sym a = alive();
    // In the tiling function itself a write after a return matters only
    // where that return was not taken: every snapshot is taken under `alive`.
    Sym g = !isTrue(a) && frames.size() > 1 ? a : mkBool(true);
    if (!unrolled.empty())
      g = mkAnd(g, iterationsLive());
    if (!isTrue(g)) {
      HVal old = read(l);
      // The new value matters only where g holds: a local merged across
      // the early return (`int32_t pathType;` assigned after `if (n == 0)
      // {...; return;}`) is its assigned value there, not "not initialised"
      // on the returned path (ops-math radix_sort's tiling).
      // (Not in a loop unrolled under its condition: the simplified copy
      // shares no node with the old value, which the merge keeps too, and
      // a value changed in every iteration would double each time.)
      if (v.k == HVal::Int && v.s && !boundedUnrolling)
        v.s = simplifyUnder(v.s, {g});
      v = mergeVal(g, v, old);
    }
    state[l] = std::move(v);
  }
  HVal mergeVal(const Sym &c, const HVal &a, const HVal &b) {
    if (a.k == HVal::Int && b.k == HVal::Int) {
      Sym x = a.s, y = b.s;
      if (x->type != y->type) {
        if (x->type.isBool || y->type.isBool)
          return noneV("differs in type between the branches");
        y = mkCast(y, x->type);
      }
      return intV(mkSelect(c, x, y));
    }
    // Known on one side only: unknown on the other.
    if (a.k == HVal::Int && b.k == HVal::None)
      return intV(mkSelect(c, a.s, mkOpaque(b.why.empty() ? "unknown on one path" : b.why, a.s->type)));
    if (b.k == HVal::Int && a.k == HVal::None)
      return intV(mkSelect(c, mkOpaque(a.why.empty() ? "unknown on one path" : a.why, b.s->type), b.s));
    if (a.k == b.k && a.k == HVal::Obj && a.obj == b.obj)
      return a;
    if (a.k == b.k && a.k == HVal::Ref && a.ref == b.ref)
      return a;
    if (a.k == HVal::None && b.k != HVal::None && isFalse(c))
      return b;
    // An object (a pointer to one) on one side, a location never written on
    // the other: the object. Reading the location on the other path would
    // read an uninitialised member, the host's undefined behaviour
    // (`tilingData_ = context_->GetTilingData<T>()` in an Init() with earlier
    // failure returns, ops-math pad_v3: its writes are guarded by those
    // returns).
    auto neverWritten = [](const HVal &v) {
      return v.k == HVal::None && (v.why == kReadBeforeWritten || v.why == kNotSetOnPath);
    };
    if (a.k == HVal::Obj && neverWritten(b))
      return a;
    if (b.k == HVal::Obj && neverWritten(a))
      return b;
    if (a.k == HVal::None && b.k == HVal::None && a.why == b.why)
      return a; // unknown on both paths, for the same reason
    return noneV("differs between the branches of a condition");
  }
  // The state after a condition: both branches' states, walked in step (both
  // are sorted by location). A value neither branch changed is kept as it is:
  // most of a large state (a tiling class's arrays of structs, ops-math's
  // random operators) is untouched by a branch, and merging each of its
  // entries at every `if` was most of the reading's time.
  std::map<Loc, HVal> merge(const Sym &c, const std::map<Loc, HVal> &t, const std::map<Loc, HVal> &e) {
    std::map<Loc, HVal> out;
    auto unchanged = [](const HVal &a, const HVal &b) {
      return a.k == b.k && ((a.k == HVal::Int && a.s == b.s) || (a.k == HVal::Obj && a.obj == b.obj) ||
                            (a.k == HVal::Ref && a.ref == b.ref));
    };
    // An object's field (not a local) written in one branch only: on the
    // other path it is not set -- the tiling buffer first taken inside one
    // branch holds what an earlier run left there (GetTilingData returns it on
    // both paths), a tiling key set on the empty-input path only is not the
    // main path's. A local declared in one branch only is dead after it.
    auto ti = t.begin(), ei = e.begin();
    while (ti != t.end() || ei != e.end()) {
      if (ei == e.end() || (ti != t.end() && ti->first < ei->first)) {
        out.emplace_hint(out.end(), ti->first,
                         ti->first.obj >= 0 ? mergeVal(c, ti->second, noneV(kNotSetOnPath)) : ti->second);
        ++ti;
      } else if (ti == t.end() || ei->first < ti->first) {
        out.emplace_hint(out.end(), ei->first,
                         ei->first.obj >= 0 ? mergeVal(c, noneV(kNotSetOnPath), ei->second) : ei->second);
        ++ei;
      } else {
        out.emplace_hint(out.end(), ti->first,
                         unchanged(ti->second, ei->second) ? ti->second : mergeVal(c, ti->second, ei->second));
        ++ti;
        ++ei;
      }
    }
    return out;
  }

  void step(SourceLocation l) {
    if (++steps > opts.maxSteps)
      fail("the host code runs more than " + std::to_string(opts.maxSteps) + " steps", l);
    // The clock is asked every 256 steps (a system call each time).
    if ((steps & 255) == 0 && opts.deadline != CpuClock::time_point{} && CpuClock::now() > opts.deadline)
      fail(std::string(kHostOutOfTime) + " (--timeout)", l);
  }

  // ---- values
  IntType typeOf(QualType t) { return fe::intTypeOf(ctx, t); }
  bool isInt(QualType t) {
    if (t.isNull())
      return false;
    t = t.getCanonicalType().getNonReferenceType();
    return t->isIntegralOrEnumerationType();
  }
  Sym asSym(const HVal &v, QualType t, const std::string &what) {
    IntType it = t.isNull() ? IntType::i64() : typeOf(t);
    if (v.k == HVal::Int)
      return t.isNull() ? v.s : mkCast(v.s, it);
    if (v.k == HVal::Ref)
      return asSym(read(v.ref), t, what);
    return mkOpaque(what + (v.why.empty() ? "" : ": " + v.why), it);
  }
  Sym cond(const Expr *e) {
    HVal v = eval(e);
    if (v.k == HVal::Ref)
      v = read(v.ref);
    if (v.k == HVal::Obj)
      return mkBool(true); // a pointer to an object of the context: never null
    Sym s = v.k == HVal::Int ? v.s : mkOpaque("condition" + (v.why.empty() ? "" : ": " + v.why), IntType::boolean());
    if (auto b = asBool(s))
      return mkBool(*b);
    if (auto c = asConst(s))
      return mkBool(*c != 0);
    if (!s->type.isBool)
      s = mkCmp(SymOp::Ne, s, mkConst(0, s->type));
    return s;
  }

  HVal eval(const Expr *e);
  HVal evalCall(const CallExpr *ce);
  HVal evalApi(const CallExpr *ce, const FunctionDecl *fd, int self);
  void havocOutArguments(const clang::FunctionDecl *fd, const std::vector<const clang::Expr *> &args);
  HVal inlineCall(const FunctionDecl *fd, const std::vector<const Expr *> &args, int self, SourceLocation l);
  HVal tilingTemplates(const CallExpr *ce);
  std::optional<Loc> lvalue(const Expr *e);
  // The integer location a pointer expression names (`&x`, a pointer local
  // or parameter bound to one), if it is followed.
  std::optional<Loc> pointee(const Expr *e);
  void exec(const Stmt *s);
  void execIf(const IfStmt *is);
  void execLoop(const Stmt *loop, const Stmt *init, const Expr *c, const Expr *inc, const Stmt *body);
  void execSwitch(const SwitchStmt *ss);
  void declare(const VarDecl *vd);
  int construct(const CXXRecordDecl *rd, const CXXConstructExpr *ce);
  int clone(int o) {
    int c = newObj(objs[o].kind, objs[o].tensor, objs[o].rec);
    objs[c].origin = objs[o].origin;
    for (auto &[k, x] : std::map<Loc, HVal>(state))
      if (k.obj == o)
        state[Loc{c, k.key}] = x.k == HVal::Obj && x.obj != o && objs[x.obj].kind == OK::User ? objV(clone(x.obj)) : x;
    return c;
  }
  void collect(int o, const std::string &prefix, int root, std::map<Loc, HVal> &out, int depth = 0) {
    for (auto &[k, x] : state)
      if (k.obj == o && k.key != kSavedKey) {
        if (x.k == HVal::Obj && x.obj != o && objs[x.obj].kind == OK::User && depth < 8)
          collect(x.obj, prefix + k.key + ".", root, out, depth + 1);
        else if (!prefix.empty() && prefix.back() == '.' && !k.key.empty() && k.key[0] == '[')
          out[Loc{root, prefix.substr(0, prefix.size() - 1) + k.key}] = x; // an array field: "a[3]"
        else
          out[Loc{root, prefix + k.key}] = x;
      }
  }
  void initFields(int o, const CXXRecordDecl *rd, const std::string &prefix);
  void setAllFields(int o, const CXXRecordDecl *rd, const std::string &prefix, const std::function<HVal(QualType)> &f);
  void reviveFields(int o, const CXXRecordDecl *rd);
  static bool inStd(const Decl *d) {
    for (const DeclContext *dc = d->getDeclContext(); dc; dc = dc->getParent())
      if (dc->isStdNamespace())
        return true;
    return false;
  }
  // std::vector: its elements are never followed (isVectorElement), so its
  // constructors and members are not run either. Run, libstdc++'s fill of
  // `std::vector<int64_t> v(n, 0)` was a write through an iterator the
  // reader cannot follow, and the whole contract was lost (ops-math
  // concat_dv2, scale, strided_slice_assign_v2).
  static bool isStdVector(const CXXRecordDecl *rd) { return rd && inStd(rd) && rd->getName() == "vector"; }
  // The standard library's streams (std::ostringstream, std::cout, their
  // operator<<): host code logs through them; they never hold a tiling value.
  static bool isStream(const CXXRecordDecl *rd) {
    if (!rd || !inStd(rd))
      return false;
    llvm::StringRef n = rd->getName();
    return n == "ios_base" || n == "basic_ios" || n.contains("stream") || n.contains("streambuf") ||
           n.contains("stringbuf");
  }
  static bool streamCall(const FunctionDecl *fd) {
    if (!fd || !inStd(fd))
      return false;
    if (const auto *md = dyn_cast<CXXMethodDecl>(fd); md && isStream(md->getParent()))
      return true;
    if (fd->getNumParams() >= 1)
      if (const CXXRecordDecl *p0 = fd->getParamDecl(0)->getType().getNonReferenceType()->getAsCXXRecordDecl())
        return isStream(p0);
    return false;
  }
  // The standard library's strings (std::to_string, comparisons, find): host
  // code names ops and dtypes with them for messages and lookups; their
  // loops over characters are not interpreted, a result is unknown.
  static bool isString(QualType t) {
    const CXXRecordDecl *rd = t.isNull() ? nullptr : t.getNonReferenceType()->getAsCXXRecordDecl();
    return rd && inStd(rd) && (rd->getName() == "basic_string" || rd->getName() == "basic_string_view");
  }
  static bool stringCall(const FunctionDecl *fd) {
    if (!fd || !inStd(fd))
      return false;
    if (const auto *md = dyn_cast<CXXMethodDecl>(fd);
        md && (md->getParent()->getName() == "basic_string" || md->getParent()->getName() == "basic_string_view"))
      return true;
    if (fd->getName() == "to_string" || isString(fd->getReturnType()))
      return true;
    for (const ParmVarDecl *p : fd->parameters())
      if (isString(p->getType()))
        return true;
    return false;
  }
  // Declared by the bundled host API: where it is written, or, for what a
  // bundled macro declares in user code (END_TILING_DATA_DEF's SaveToBuffer),
  // where its name is spelled.
  bool fromBundledApi(const Decl *d) {
    auto inApi = [&](SourceLocation l) {
      if (OptionalFileEntryRef fe = sm.getFileEntryRefForID(sm.getFileID(l)))
        return fe->getName().starts_with(opts.hostApiDir);
      return false;
    };
    SourceLocation l = d->getLocation();
    return inApi(sm.getExpansionLoc(l)) || (l.isMacroID() && inApi(sm.getSpellingLoc(l)));
  }
  HVal tensorDim(int shapeObj, const HVal &idx, SourceLocation l);
  std::string base(const HObj &o) const { return o.tensor + (o.origin ? ".originShape" : ".shape"); }
  // A tensor's element count: the --shape product, or its size variable.
  Sym tensorSize(const std::string &tensor) {
    if (auto c = opts.shapes.find(tensor); c != opts.shapes.end()) {
      int64_t p = 1;
      for (int64_t d : c->second)
        p *= d;
      return mkConst(p, IntType::i64());
    }
    return var(tensor + ".size", IntType::i64(), 0);
  }
  struct AccumulatorStep {
    Sym index; // the counter in the dry iteration
    Loc acc;   // the one location an iteration changes
    Sym pre;   // its value before the iteration
    Sym value; // its value after it
  };
  // markIndex: the step's counter becomes loopIndex (productOverDims' GetDim(i)).
  std::optional<AccumulatorStep> accumulatorStep(const Stmt *init, const Expr *c, const Expr *inc, const Stmt *body,
                                                 bool markIndex = false);
  bool productOverDims(const Stmt *loop, const Stmt *init, const Expr *c, const Expr *inc, const Stmt *body);
  bool reductionOverData(const Stmt *init, const Expr *c, const Expr *inc, const Stmt *body);
  std::map<Loc, Sym> loopChoices(const std::map<Loc, HVal> &before, const std::vector<Loc> &changed, const Stmt *body,
                                 const Expr *inc, const Stmt *loop);
  unsigned loopChoiceCount = 0; // the free choices loopChoices made
  Sym dtypeVar(const std::string &tensor);
  Sym dtypeSize(const Sym &dt);
  void tensorExtents(HostContract &hc);
  std::string tensorName(bool input, const HVal &idx);
  std::map<Loc, HVal> snapshot();
  std::map<const CXXRecordDecl *, int> tilingBuffers; // GetTilingData<T>() by T
  void returnFrom(const ReturnStmt *rs);
  bool returnsTestedNonZero(const ReturnStmt *rs);
  Sym tensorDataAt(int dataObj, const HVal &idx);

  // break/continue/return inside straight-line code: the rest of the block
  // does not run (the alive flag covers returns under a condition).
  bool stop = false;
  bool stopByContinue = false; // the last stop was an unconditional `continue`

  // Loops the reader unrolls, innermost last: where the current iteration
  // still runs (a `continue` or `break` under a condition ends it there) and
  // where a `break` has ended the loop. Writes and returns count only where
  // every enclosing iteration still runs.
  struct Unrolled {
    int64_t frame;
    Sym live;
    Sym broke;
    // `live` without the loop's earlier breaks: where this iteration has
    // not yet met a break or continue. A break adds `pc && cont` to `broke`
    // (the same as `pc && live` there), so that `broke` grows by one term an
    // iteration instead of holding its old self twice (a loop of 25 that
    // breaks on a mismatch doubled it each time).
    Sym cont = mkBool(true);
  };
  std::vector<Unrolled> unrolled;
  // Restores the stack on every way out (a Failure is an exception).
  struct UnrolledScope {
    std::vector<Unrolled> &v;
    size_t n;
    explicit UnrolledScope(std::vector<Unrolled> &v) : v(v), n(v.size()) {}
    ~UnrolledScope() { v.resize(n); }
  };
  Sym iterationsLive() {
    Sym g = mkBool(true);
    for (const Unrolled &u : unrolled)
      g = mkAnd(g, u.live);
    return g;
  }

  // Paths on which the host never launches the kernel although no return
  // says so: an exception (a `throw`, a catch that only fails), an index past
  // one of the host's own arrays (undefined behaviour of the host, assumed
  // not to happen). The contract holds where none is taken.
  Sym aborted = mkBool(false);
  // (Not in a dry run: its state is not one every iteration finds; leaving a
  // path in is always sound.)
  void abortPath(const Sym &c) {
    if (!dry)
      aborted = mkOr(aborted, mkAnd(fullCond(), c));
  }
  bool catchEndsRun(const CXXCatchStmt *h);
  // The value of a constant integer expression (named constants too).
  std::optional<int64_t> constInt(const Expr *e) {
    Expr::EvalResult r;
    if (!e || e->isValueDependent() || !isInt(e->getType()) || !e->EvaluateAsInt(r, ctx))
      return std::nullopt;
    const llvm::APSInt &v = r.Val.getInt();
    return v.isSigned() ? v.getExtValue() : int64_t(v.getZExtValue());
  }

  // ---- integer arrays (locals and fields of constant size)
  int newArray(QualType t, const Expr *init, bool zero);
  // A namespace-scope integer array (one or two dimensions): one object per
  // run, its elements the static initial value where no code writes them.
  int globalArray(const VarDecl *vd);
  std::map<const VarDecl *, int> globalArrays;
  std::map<const VarDecl *, GlobalWrites> globalWrites;
  bool globalWritesScanned = false;
  void scanGlobalWrites();
  std::optional<std::pair<int, Sym>> symIndex(const ArraySubscriptExpr *as);
  bool guardedUnroll(const Expr *c, const Expr *inc, const Stmt *body);
  const ValueDecl *steppedByOne(const Expr *inc);
  bool boundedUnroll(const Stmt *init, const Expr *c, const Expr *inc, const Stmt *body);
  int boundedUnrolling = 0; // loops boundedUnroll is in
  int loopQuestions = 96; // Z3 questions boundedUnroll may still ask in this run
  // Limits on what an unrolled loop may add to the state (boundedUnroll):
  // new nodes, and the size of a value written out as a tree (each
  // iteration that reads a value twice doubles it).
  static constexpr size_t kMaxUnrolledNodes = 1000;
  static constexpr uint64_t kMaxUnrolledTree = 200000;
  static std::unordered_set<const SymNode *> nodesOf(const std::map<Loc, HVal> &st);
  bool grownPast(const std::map<Loc, HVal> &before, const std::unordered_set<const SymNode *> &old,
                 size_t limit) const;

  // ---- constant std::map tables
  bool mapLookup(const CallExpr *ce, const FunctionDecl *fd, HVal &out);
  bool mapIterCall(const CallExpr *ce, const FunctionDecl *fd, int self, const std::vector<const Expr *> &args,
                   HVal &out);
  const VarDecl *constTableOf(const Expr *obj);
  std::map<const VarDecl *, bool> constTables;
  bool neverChanged(const VarDecl *vd);
  unsigned tableLookups = 0;
};

const Loc HostInterp::kBlockDim{0x7fffffff, "blockDim"};
const Loc HostInterp::kWorkspace{0x7fffffff, "workspace[0]"};
const Loc HostInterp::kTilingKey{0x7fffffff, "tilingKey"};

std::string HostInterp::tensorName(bool input, const HVal &idx) {
  std::optional<int64_t> i = idx.k == HVal::Int ? asConst(idx.s) : std::nullopt;
  if (!i)
    return "";
  const auto &names = input ? opts.inputNames : opts.outputNames;
  if (*i >= 0 && size_t(*i) < names.size())
    return names[*i];
  return (input ? "input" : "output") + std::to_string(*i);
}

Sym HostInterp::dtypeVar(const std::string &tensor) {
  std::string n = tensor + ".dtype";
  auto it = vars.find(n);
  if (it != vars.end())
    return it->second;
  auto d = opts.dtypes.find(tensor);
  // One dtype (the kernel variant's build, cli/HostBinding.cpp): a constant,
  // so that sizes and divisions by it fold before Z3 sees them.
  if (d != opts.dtypes.end() && d->second.size() == 1)
    return vars[n] = mkConst(d->second[0], IntType::i32());
  Sym v = mkVar(n, IntType::i32(), VarRole::Input);
  vars[n] = v;
  if (d != opts.dtypes.end() && !d->second.empty()) {
    Sym any = mkBool(false);
    for (int64_t x : d->second)
      any = mkOr(any, mkCmp(SymOp::Eq, v, mkConst(x, IntType::i32())));
    facts.push_back(any);
    allowedDtypes[v->var->id] = d->second;
  }
  return v;
}

Sym HostInterp::dtypeSize(const Sym &dt) {
  const auto &sizes = kDtypeSizeTable;
  // A tensor's dtype among the OpDef's (a fact of the contract): a choice
  // among their sizes only, the last one where the others are not taken, so
  // that `n * size` has a bound (an element size computed as a quotient by n
  // folds: HostInterp's cancelledFactor).
  Sym bare = dt;
  while (bare->op == SymOp::Cast)
    bare = bare->args[0];
  if (bare->op == SymOp::Var)
    if (auto a = allowedDtypes.find(bare->var->id); a != allowedDtypes.end()) {
      std::vector<std::pair<int64_t, int64_t>> known;
      for (int64_t x : a->second)
        for (auto [v, b] : sizes)
          if (v == x)
            known.emplace_back(v, b);
      if (!known.empty() && known.size() == a->second.size()) {
        Sym r = mkConst(known.back().second, IntType::u32());
        for (size_t i = known.size() - 1; i-- > 0;)
          r = mkSelect(mkCmp(SymOp::Eq, dt, mkConst(known[i].first, dt->type)),
                       mkConst(known[i].second, IntType::u32()), r);
        return r;
      }
    }
  Sym r = mkOpaque("byte size of a data type that is not modelled", IntType::u32());
  for (auto it = sizes.rbegin(); it != sizes.rend(); ++it)
    r = mkSelect(mkCmp(SymOp::Eq, dt, mkConst(it->first, dt->type)), mkConst(it->second, IntType::u32()), r);
  return r;
}

// The element count of each input and output tensor, tied to the storage
// shape's leading dimensions the host read (gert::Shape::GetShapeSize, the
// element count the bundled api/host/ascendc_lint/host.h models). A tensor whose dims the host never reads gets
// its count as a variable when the host reads its size; without either, no
// extent.
void HostInterp::tensorExtents(HostContract &hc) {
  std::vector<std::string> names = opts.inputNames;
  names.insert(names.end(), opts.outputNames.begin(), opts.outputNames.end());
  for (const std::string &t : names) {
    if (t.empty() || hc.tensors.count(t))
      continue;
    HostContract::Tensor &ts = hc.tensors[t];
    auto d = opts.dtypes.find(t);
    if (d != opts.dtypes.end())
      for (int64_t dt : d->second)
        for (auto [v, b] : kDtypeSizeTable)
          if (v == dt && std::find(ts.dtypeBytes.begin(), ts.dtypeBytes.end(), b) == ts.dtypeBytes.end())
            ts.dtypeBytes.push_back(b);
    auto c = opts.shapes.find(t);
    if (c != opts.shapes.end()) {
      int64_t p = 1;
      for (int64_t x : c->second)
        p *= x;
      ts.elems = mkConst(p);
      continue;
    }
    if (opts.scalarInputs.count(t)) {
      ts.elems = mkConst(1);
      continue;
    }
    std::vector<Sym> dims;
    for (int i = 0; i < 8; ++i) {
      auto it = vars.find(t + ".shape[" + std::to_string(i) + "]");
      if (it == vars.end() || computedDims.count(it->first))
        break;
      dims.push_back(toMath(it->second));
    }
    // A tensor whose shape the host never reads (an output, mostly: its shape
    // comes from shape inference) has no known extent.
    if (dims.empty() && !vars.count(t + ".size"))
      continue;
    Sym size = toMath(var(t + ".size", IntType::i64(), 0));
    ts.elems = size;
    if (dims.empty())
      continue;
    // The host reads dimensions 0..R-1: a tensor of rank R holds their
    // product; a larger one that times the dimensions not read, taken to be
    // non-zero (an empty tensor the host code does not look at is not
    // considered). A smaller rank is taken to hold the product too: GetDim
    // past the rank is not modelled (it is not a dimension), and leaving the
    // size free there would only draw counterexamples for inputs the host
    // does not expect. The rank's only fact is gert's limit (kMaxShapeRank),
    // which leaves every rank the host's own checks accept.
    Sym rank = toMath(var(t + ".shape.rank", IntType::u64(), 0));
    int64_t r = int64_t(dims.size());
    Sym prod = dims[0];
    for (size_t k = 1; k < dims.size(); ++k)
      prod = mul(prod, dims[k]);
    Sym rest = toMath(var(t + ".shape.rest", IntType::i64(), 1));
    ts.facts.push_back(mkOr(mkCmp(SymOp::Gt, rank, mkConst(r)), mkCmp(SymOp::Eq, size, prod)));
    ts.facts.push_back(mkOr(mkCmp(SymOp::Le, rank, mkConst(r)), mkCmp(SymOp::Eq, size, mul(prod, rest))));
  }
  // An output whose shape inference copies an input's shape holds as many
  // elements (its own dtype: the bytes are the binding's business).
  for (const auto &[o, i] : opts.shapeCopies) {
    auto to = hc.tensors.find(o), from = hc.tensors.find(i);
    if (to == hc.tensors.end() || from == hc.tensors.end() || to->second.elems || !from->second.elems)
      continue;
    to->second.elems = from->second.elems;
    to->second.facts = from->second.facts;
  }
}

// Element `idx` of an input tensor's data: "<tensor>.data[k]", any value of
// its type; a computed index one of the first 16 (a value-dependent input is a
// short list: paddings, begin/end/strides) or, past them, a free value.
Sym HostInterp::tensorDataAt(int dataObj, const HVal &idx) {
  const HObj &o = objs[dataObj];
  IntType t = o.dataElem.bits ? o.dataElem : IntType::i64();
  auto element = [&](const std::string &k) {
    int64_t lo = t.isSigned ? (t.bits >= 64 ? INT64_MIN : -(int64_t(1) << (t.bits - 1))) : 0;
    int64_t hi =
        t.bits >= 64 ? INT64_MAX : (t.isSigned ? (int64_t(1) << (t.bits - 1)) - 1 : (int64_t(1) << t.bits) - 1);
    return var(o.tensor + ".data[" + k + "]", t, lo, hi);
  };
  std::optional<int64_t> i = idx.k == HVal::Int ? asConst(idx.s) : std::nullopt;
  if (i && *i >= 0)
    return element(std::to_string(*i));
  if (idx.k != HVal::Int || !idx.s)
    return element("?");
  Sym ix = toMath(idx.s);
  Sym value = element("?");
  for (int k = 15; k >= 0; --k)
    value = mkSelect(mkCmp(SymOp::Eq, ix, mkConst(k)), element(std::to_string(k)), value);
  return value;
}

HVal HostInterp::tensorDim(int shapeObj, const HVal &idx, SourceLocation l) {
  const HObj &o = objs[shapeObj];
  std::optional<int64_t> i = idx.k == HVal::Int ? asConst(idx.s) : std::nullopt;
  if (o.tensor.empty())
    return noneV("a tensor whose index is not a constant");
  if (!i && loopIndex && idx.k == HVal::Int && base(o) == loopShape) {
    std::vector<std::shared_ptr<const VarInfo>> vs;
    collectVars(idx.s, vs);
    if (vs.size() == 1 && vs[0]->id == loopIndex->var->id)
      return intV(dimMarker);
  }
  std::string base = this->base(o);
  auto c = opts.shapes.find(o.tensor);
  if (!i && idx.k == HVal::Int && idx.s) {
    // A computed index (`shape[rank - i]` for the last dimensions): the
    // dimension it selects, one of the eight a shape may have. An index past
    // them is no dimension of a valid input (ranks stop at 8); it reads a
    // free value there (`[?]`), not an unknown, so that failures on fields
    // computed from the last dimensions keep their counterexamples.
    Sym ix = toMath(idx.s);
    Sym value = var(base + "[?]", IntType::i64(), 0);
    for (int k = 7; k >= 0; --k) {
      std::string name = base + "[" + std::to_string(k) + "]";
      if (!vars.count(name))
        computedDims.insert(name);
      Sym dim = c != opts.shapes.end() && size_t(k) < c->second.size() ? mkConst(c->second[k], IntType::i64())
                                                                       : var(name, IntType::i64(), 0);
      value = mkSelect(mkCmp(SymOp::Eq, ix, mkConst(k)), dim, value);
    }
    return intV(value);
  }
  if (!i)
    return noneV("a dimension whose index is not a constant" + where(l));
  const int64_t ix = i.value_or(0); // (known here; value_or keeps GCC's -Wmaybe-uninitialized quiet)
  if (c != opts.shapes.end() && ix >= 0 && size_t(ix) < c->second.size())
    return intV(mkConst(c->second[ix], IntType::i64()));
  computedDims.erase(base + "[" + std::to_string(ix) + "]");
  return intV(var(base + "[" + std::to_string(ix) + "]", IntType::i64(), 0));
}

std::map<Loc, HVal> HostInterp::snapshot() {
  std::map<Loc, HVal> s;
  for (auto &[l, v] : state)
    if (l.obj == kBlockDim.obj)
      s[l] = v;
  if (workspaceObj >= 0)
    if (auto w = state.find(Loc{workspaceObj, "[0]"}); w != state.end())
      s[kWorkspace] = w->second;
  std::vector<int> saved; // objects SaveToBuffer saved somewhere
  for (size_t o = 0; o < objs.size(); ++o)
    if (objs[o].tiling) {
      if (state.count(Loc{int(o), kSavedKey}))
        saved.push_back(int(o));
      else if (!objs[o].saved) // (a struct saved on another path only is not this path's)
        collect(int(o), "", int(o), s);
    }
  // Saved structs share one root: the raw tiling buffer they are copied to.
  const int bufferRoot = kTilingKey.obj - 1;
  if (saved.size() == 1)
    collect(saved[0], "", bufferRoot, s);
  if (saved.size() > 1) {
    // Several structs saved, each on its own path: a field is the one of the
    // struct this path saved (the last saved wins where several were).
    std::map<std::string, HVal> joined;
    for (int o : saved) {
      std::map<Loc, HVal> fields;
      collect(o, "", o, fields);
      Sym here = asSym(read(Loc{o, kSavedKey}), QualType(), "whether the struct was saved");
      for (auto &[l, v] : fields) {
        auto it = joined.find(l.key);
        joined[l.key] = it == joined.end() ? v : mergeVal(here, v, it->second);
      }
    }
    for (auto &[k, v] : joined)
      s[Loc{bufferRoot, k}] = v;
  }
  return s;
}

// A path condition with each conjunct simplified under the facts and the
// conjuncts before it: a check that a size is not 0 lets a later check on a
// quotient by it fold (`inputBytes == 0` after `inputNum == 0` returned, with
// inputBytes = inputNum * typeLength / inputNum). Equivalent to `cond` where
// the facts hold.
static Sym simplifyConjuncts(const Sym &cond, const std::vector<Sym> &facts) {
  std::vector<Sym> parts, todo{cond};
  while (!todo.empty()) {
    Sym c = todo.back();
    todo.pop_back();
    if (c->op == SymOp::LAnd) {
      todo.push_back(c->args[1]); // the left conjunct first
      todo.push_back(c->args[0]);
    } else {
      parts.push_back(c);
    }
  }
  if (parts.size() > 256)
    return simplifyUnder(cond, facts);
  std::vector<Sym> known = facts;
  Sym out = mkBool(true);
  for (const Sym &p : parts) {
    Sym q = simplifyUnder(p, known);
    out = mkAnd(out, q);
    known.push_back(q);
  }
  return out;
}

// The literals every way of satisfying `s` passes: both branches of a choice,
// every side of a disjunction (the host's success merged from its returns:
// each successful return passed `inputNum == 0` returning failure).
static std::vector<Sym> impliedLiterals(const Sym &s, int depth = 0) {
  if (depth > 64)
    return {};
  auto meet = [](const std::vector<Sym> &a, const std::vector<Sym> &b) {
    std::vector<Sym> out;
    for (const Sym &x : a)
      if (std::any_of(b.begin(), b.end(), [&](const Sym &y) { return structurallyEqual(x, y); }))
        out.push_back(x);
    return out;
  };
  if (s->op == SymOp::LAnd) {
    std::vector<Sym> a = impliedLiterals(s->args[0], depth + 1), b = impliedLiterals(s->args[1], depth + 1);
    a.insert(a.end(), b.begin(), b.end());
    return a;
  }
  if (s->op == SymOp::LOr)
    return meet(impliedLiterals(s->args[0], depth + 1), impliedLiterals(s->args[1], depth + 1));
  if (s->op == SymOp::Select && s->type.isBool)
    return meet(impliedLiterals(s->args[1], depth + 1), impliedLiterals(s->args[2], depth + 1));
  if (s->op == SymOp::BoolConst)
    return {};
  return {s};
}

// Adds the nodes reachable from `root` to `seen`, stopping once it holds
// more than `limit`.
static void addNodes(const SymNode *root, std::unordered_set<const SymNode *> &seen,
                     size_t limit = SIZE_MAX) {
  std::vector<const SymNode *> todo{root};
  while (!todo.empty() && seen.size() <= limit) {
    const SymNode *n = todo.back();
    todo.pop_back();
    if (seen.insert(n).second)
      for (const Sym &a : n->args)
        todo.push_back(a.get());
  }
}

// The number of distinct nodes of `s`, counting no further than `limit`.
static size_t dagSize(const Sym &s, size_t limit = SIZE_MAX) {
  std::unordered_set<const SymNode *> seen;
  addNodes(s.get(), seen, limit);
  return seen.size();
}

// `s` simplified under the literals it implies (kept beside it): a check on
// a quotient by a size merged before the check that the size is not 0.
static Sym simplifyUnderImplied(const Sym &s, const std::vector<Sym> &facts) {
  std::vector<Sym> lits = impliedLiterals(s);
  if (lits.empty() || lits.size() > 256)
    return s;
  std::vector<Sym> known = facts;
  Sym all = mkBool(true);
  for (const Sym &l : lits) {
    known.push_back(l);
    all = mkAnd(all, l);
  }
  Sym simpler = simplifyUnder(s, known);
  // Only where it folds something away: the same condition written twice
  // over (its literals beside it) costs every question that holds it
  // (ops-math sim_thread_exponential: 24,490 -> 21,646 decided).
  Sym out = mkAnd(all, simpler);
  return dagSize(out) < dagSize(s) ? out : s;
}

// The leaves of an if-then-else tree that no accepted input reaches, dropped:
// a value set on every successful path is merged with what the failing
// paths left (`dtype == FLOAT ? 0 : dtype == FLOAT16 ? 1 : <unset>`), and
// the OpDef's dtype list rules the last leaf out. Each branch is asked of Z3
// with a short budget (at most `questions` of them); one it cannot rule out
// stays.
// Whether no accepted input takes `path` (Z3, 20 ms worth of units; at most
// `questions` asked). The proofs are cheap: on ops-math arg_max_v2 (ascend950)
// the 64 proved took at most 12,000 raw units, while the 414 left open spent
// their whole budget, 10 of its 60 CPU seconds at 40 ms. At 20 ms (10,000
// units, 80,000 in theory_arith's tries) it proved 1,379 obligations against
// 946 within its time limit; the every-8th ops-math sample on ascend910b
// decided the same (2026-12-07).
// Not asked past the reading's CPU-time deadline, and stopped there (the
// Z3 call is the one step of the reading that does not check the clock).
static bool impossiblePath(const Sym &path, const std::vector<Sym> &facts, int &questions,
                           CpuClock::time_point deadline) {
  if (questions <= 0 || (deadline != CpuClock::time_point{} && CpuClock::now() > deadline))
    return false;
  --questions;
  Budget clock; // the deadline only: the host's questions have units of their own
  clock.deadline = deadline;
  Solver solver(20);
  solver.setBudget(&clock);
  Obligation ob;
  ob.check = "host-contract";
  ob.property = mkNot(path);
  ob.context = facts;
  ob.proofOnly = true;
  return solver.check(ob).status == Status::Proved;
}

// Whether the path `path` holds under cannot let the comparison `cmp` hold,
// from the bounds the path's literals and the facts give single variables
// (`!(rank > 8)`), by intervals; then, for a path small enough, by Z3
// (impossiblePath). Large paths (many unrolled iterations) are not asked:
// Z3's probes of them cost more than the loop is worth.
static bool ruledOutBy(const Sym &cmp, const Sym &path, const std::vector<Sym> &facts, int &questions,
                       CpuClock::time_point deadline) {
  if (isFalse(cmp))
    return true;
  VarBounds bounds;
  std::vector<Sym> lits = impliedLiterals(path);
  lits.insert(lits.end(), facts.begin(), facts.end());
  for (Sym l : lits) {
    bool neg = false;
    while (l->op == SymOp::LNot) {
      neg = !neg;
      l = l->args[0];
    }
    SymOp op = l->op;
    if ((op != SymOp::Lt && op != SymOp::Le && op != SymOp::Gt && op != SymOp::Ge && op != SymOp::Eq) ||
        (neg && op == SymOp::Eq) || l->args.size() != 2)
      continue;
    if (neg)
      op = negatedCmp(op);
    for (int side = 0; side < 2; ++side) {
      const VarInfo *v = varThroughWidening(l->args[side]);
      auto k = asConst(l->args[1 - side]);
      if (!v || !k)
        continue;
      SymOp o = side == 0 ? op : swappedCmp(op); // v o k
      Interval iv = bounds.count(v->id) ? bounds[v->id] : intervalOf(l->args[side]);
      if (o == SymOp::Lt)
        iv.hi = std::min<__int128>(iv.hi, __int128(*k) - 1);
      else if (o == SymOp::Le)
        iv.hi = std::min<__int128>(iv.hi, *k);
      else if (o == SymOp::Gt)
        iv.lo = std::max<__int128>(iv.lo, __int128(*k) + 1);
      else if (o == SymOp::Ge)
        iv.lo = std::max<__int128>(iv.lo, *k);
      else
        iv.lo = iv.hi = *k;
      bounds[v->id] = iv;
    }
  }
  if (cmp->args.size() == 2 && (cmp->op == SymOp::Lt || cmp->op == SymOp::Le || cmp->op == SymOp::Gt ||
                                cmp->op == SymOp::Ge)) {
    Interval a = intervalOf(cmp->args[0], &bounds), b = intervalOf(cmp->args[1], &bounds);
    if ((cmp->op == SymOp::Lt && a.lo >= b.hi) || (cmp->op == SymOp::Le && a.lo > b.hi) ||
        (cmp->op == SymOp::Gt && a.hi <= b.lo) || (cmp->op == SymOp::Ge && a.hi < b.lo))
      return true;
  }
  if (dagSize(path, 2000) > 2000)
    return false;
  return impossiblePath(mkAnd(path, cmp), facts, questions, deadline);
}

static Sym pruneUnreached(const Sym &s, const std::vector<Sym> &facts, const Sym &path, int &questions,
                          CpuClock::time_point deadline) {
  if (s->op == SymOp::Cast && !s->args.empty()) {
    Sym in = pruneUnreached(s->args[0], facts, path, questions, deadline);
    return in.get() == s->args[0].get() ? s : mkCast(in, s->type);
  }
  if (s->op != SymOp::Select)
    return s;
  // 20 ms worth of units, a yes/no question (cli/HostBinding.cpp
  // provedBriefly: the host questions Z3 proves take a few hundred units).
  auto impossible = [&](const Sym &p) { return impossiblePath(p, facts, questions, deadline); };
  const Sym &c = s->args[0];
  Sym whenTrue = mkAnd(path, c), whenFalse = mkAnd(path, mkNot(c));
  if (impossible(whenFalse))
    return pruneUnreached(s->args[1], facts, whenTrue, questions, deadline);
  if (impossible(whenTrue))
    return pruneUnreached(s->args[2], facts, whenFalse, questions, deadline);
  return mkSelect(c, pruneUnreached(s->args[1], facts, whenTrue, questions, deadline),
                  pruneUnreached(s->args[2], facts, whenFalse, questions, deadline));
}

// `if (ret != GRAPH_SUCCESS) return ret;` (or `{ LOG(...); return ret; }`
// with nothing else touching `ret`): a status passed on, never success.
// Read from the code: the values' own simplifications may no longer show
// the test and the value to be one (a status whose returns are constants
// folds `ret != 0` into their conditions).
bool HostInterp::returnsTestedNonZero(const ReturnStmt *rs) {
  const Expr *rv = rs->getRetValue();
  const auto *ref = rv ? dyn_cast<DeclRefExpr>(rv->IgnoreParenImpCasts()) : nullptr;
  const auto *var = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  if (!var || !isInt(var->getType()))
    return false;
  auto mentions = [&](const Stmt *st) {
    std::function<bool(const Stmt *)> walk = [&](const Stmt *x) -> bool {
      if (!x)
        return false;
      if (const auto *d = dyn_cast<DeclRefExpr>(x); d && d->getDecl() == var)
        return true;
      for (const Stmt *c : x->children())
        if (walk(c))
          return true;
      return false;
    };
    return walk(st);
  };
  const Stmt *child = rs;
  for (int depth = 0; depth < 2; ++depth) {
    auto parents = ctx.getParents(*child);
    if (parents.size() != 1)
      return false;
    if (const auto *cs = parents[0].get<CompoundStmt>()) {
      if (cs->body_back() != child)
        return false;
      for (const Stmt *x : cs->body())
        if (x != child && mentions(x))
          return false;
      child = cs;
      continue;
    }
    const auto *is = parents[0].get<IfStmt>();
    if (!is || is->getThen() != child || is->getInit() || is->getConditionVariable())
      return false;
    const auto *bo = dyn_cast<BinaryOperator>(is->getCond()->IgnoreParenImpCasts());
    if (!bo || bo->getOpcode() != BO_NE)
      return false;
    for (int i = 0; i < 2; ++i) {
      const Expr *side = i ? bo->getRHS() : bo->getLHS();
      const Expr *other = i ? bo->getLHS() : bo->getRHS();
      const auto *d = dyn_cast<DeclRefExpr>(side->IgnoreParenImpCasts());
      if (!d || d->getDecl() != var || mentions(other))
        continue;
      Expr::EvalResult er;
      if (other->EvaluateAsInt(er, ctx) && er.Val.getInt() == 0)
        return true;
    }
    return false;
  }
  return false;
}

void HostInterp::returnFrom(const ReturnStmt *rs) {
  HVal v = rs->getRetValue() ? eval(rs->getRetValue()) : HVal();
  if (v.k == HVal::Ref)
    v = read(v.ref);
  ReturnRec r;
  // (a return after a `continue` of an unrolled iteration is not taken there)
  Sym taken = unrolled.empty() ? pc : mkAnd(pc, iterationsLive());
  r.cond = mkAnd(taken, alive());
  r.value = v;
  // (`ret != 0` on a status whose returns are constants folds into their
  // conditions: the same test of the value, under the path, folds to false)
  r.failure = v.k == HVal::Int && !v.s->type.isBool && (saysNonZero(r.cond, v.s) || returnsTestedNonZero(rs));
  if (frames.size() == 1) {
    r.snapshot = snapshot();
    // The path's condition under the ranges of the inputs (a platform value
    // checked for 0 that cannot be 0), and each value as this path computed
    // it: the conditions the path passed (a helper's status checked) fold
    // the selects that earlier returns left in it (ops-math cosh).
    r.cond = simplifyConjuncts(r.cond, facts);
    std::vector<Sym> path = facts;
    path.push_back(r.cond);
    if (v.k == HVal::Int) {
      r.value.s = simplifyUnder(v.s, path);
      // The contract reads this path's values only where it returns
      // GRAPH_SUCCESS (run): a tiling class whose methods return their
      // failures through the status (`return obj.DoTiling();`) has the
      // checks in the value, not in the path.
      path.push_back(mkCmp(SymOp::Eq, toMath(r.value.s), mkConst(0)));
    }
    for (auto &[l, sv] : r.snapshot)
      if (sv.k == HVal::Int)
        sv.s = simplifyUnder(sv.s, path);
  }
  frame().returns.push_back(r);
  // The rest of this function runs only where this return was not taken.
  Sym a = alive();
  state[aliveLoc()] = intV(mkAnd(a, mkNot(taken)));
  stop = true;
  stopByContinue = false;
}

void HostInterp::initFields(int o, const CXXRecordDecl *rd, const std::string &prefix) {
  if (!rd || !rd->hasDefinition())
    return;
  rd = rd->getDefinition();
  for (const CXXBaseSpecifier &b : rd->bases())
    if (const CXXRecordDecl *br = b.getType()->getAsCXXRecordDecl())
      initFields(o, br, prefix);
  for (const FieldDecl *f : rd->fields()) {
    std::string key = prefix + f->getNameAsString();
    QualType ft = f->getType();
    if (const CXXRecordDecl *sub = ft->getAsCXXRecordDecl();
        sub && !fromBundledApi(sub) && !f->hasInClassInitializer()) {
      int so = newObj(OK::User, "", sub);
      initFields(so, sub, "");
      state[Loc{o, key}] = objV(so);
      continue;
    }
    if (ft->isConstantArrayType()) {
      frames.push_back(Frame{nextFrame++, {}, o});
      int ao = newArray(ft, f->getInClassInitializer(), false);
      frames.pop_back();
      state[Loc{o, key}] = ao >= 0 ? objV(ao) : noneV("'" + key + "': an array that is not modelled");
      continue;
    }
    if (f->hasInClassInitializer() && !f->getInClassInitializer()) {
      // A member of a class template instantiation whose default initialiser
      // Clang has not instantiated (no constructor of the file uses it).
      state[Loc{o, key}] = noneV("'" + key + "': a default initialiser that is not instantiated");
    } else if (f->hasInClassInitializer() && isInt(ft)) {
      frames.push_back(Frame{nextFrame++, {}, o});
      HVal v = eval(f->getInClassInitializer());
      frames.pop_back();
      state[Loc{o, key}] = intV(asSym(v, ft, "initializer of '" + key + "'"));
    } else if (f->hasInClassInitializer()) {
      frames.push_back(Frame{nextFrame++, {}, o});
      HVal v = eval(f->getInClassInitializer());
      frames.pop_back();
      state[Loc{o, key}] = v;
    } else if (isInt(ft)) {
      state[Loc{o, key}] = noneV("'" + key + "' is not initialised");
    }
  }
}

void HostInterp::reviveFields(int o, const CXXRecordDecl *rd) {
  if (!rd || !rd->hasDefinition())
    return;
  rd = rd->getDefinition();
  for (const CXXBaseSpecifier &b : rd->bases())
    reviveFields(o, b.getType()->getAsCXXRecordDecl());
  for (const FieldDecl *f : rd->fields()) {
    QualType ft = f->getType();
    const CXXRecordDecl *sub = ft->getAsCXXRecordDecl();
    bool aggregate = ft->isConstantArrayType() || (sub && !fromBundledApi(sub) && !f->hasInClassInitializer());
    if (!aggregate)
      continue;
    HVal cur = read(Loc{o, f->getNameAsString()});
    if (cur.k == HVal::Obj && cur.obj != o) {
      if (sub)
        reviveFields(cur.obj, sub);
      continue;
    }
    int fresh = newObj(OK::User, "", sub);
    if (sub) {
      initFields(fresh, sub, "");
      setAllFields(fresh, sub, "", [](QualType) { return noneV("tiling buffer not cleared"); });
      state[Loc{o, f->getNameAsString()}] = objV(fresh);
    } else {
      frames.push_back(Frame{nextFrame++, {}, o});
      int ao = newArray(ft, nullptr, false);
      frames.pop_back();
      if (ao < 0)
        continue;
      for (int64_t k = 0; k < objs[ao].arrSize; ++k)
        state[Loc{ao, "[" + std::to_string(k) + "]"}] = noneV("tiling buffer not cleared");
      state[Loc{o, f->getNameAsString()}] = objV(ao);
    }
  }
}

void HostInterp::setAllFields(int o, const CXXRecordDecl *rd, const std::string &prefix,
                              const std::function<HVal(QualType)> &f) {
  if (!rd || !rd->hasDefinition())
    return;
  rd = rd->getDefinition();
  for (const CXXBaseSpecifier &b : rd->bases())
    if (const CXXRecordDecl *br = b.getType()->getAsCXXRecordDecl())
      setAllFields(o, br, prefix, f);
  for (const FieldDecl *fd : rd->fields()) {
    std::string key = prefix + fd->getNameAsString();
    if (const CXXRecordDecl *sub = fd->getType()->getAsCXXRecordDecl()) {
      HVal so = read(Loc{o, key});
      if (so.k == HVal::Obj && so.obj != o)
        setAllFields(so.obj, sub, "", f);
    } else if (const auto *cat = ctx.getAsConstantArrayType(fd->getType())) {
      // An array field keeps its array object (`tiling->inShape[0] = n`
      // writes through it, ops-math tile_with_axis); its elements are set.
      HVal ao = read(Loc{o, key});
      QualType et = cat->getElementType();
      if (ao.k != HVal::Obj || ao.obj == o || ao.obj < 0) {
        write(Loc{o, key}, f(fd->getType()));
        continue;
      }
      for (int64_t k = 0; k < objs[ao.obj].arrSize; ++k) {
        Loc el{ao.obj, "[" + std::to_string(k) + "]"};
        if (const CXXRecordDecl *er = et->getAsCXXRecordDecl()) {
          HVal eo = read(el);
          if (eo.k == HVal::Obj && eo.obj != ao.obj)
            setAllFields(eo.obj, er, "", f);
        } else {
          write(el, f(et));
        }
      }
    } else {
      write(Loc{o, key}, f(fd->getType()));
    }
  }
}

int HostInterp::construct(const CXXRecordDecl *rd, const CXXConstructExpr *ce) {
  int o = newObj(OK::User, "", rd);
  // A string or a log stream holds no tiling value, and its calls are not
  // followed (stringCall, streamCall): no fields and no constructor. Read,
  // libstdc++'s string internals were thousands of objects in the state that
  // every branch copies and merges (ops-math's random tiling base: 19,000
  // entries, most of its CPU time).
  if (isString(QualType(rd->getTypeForDecl(), 0)) || isStream(rd)) {
    if (ce)
      havocWritableArgs(ce, "passed to a standard-library constructor");
    return o;
  }
  // A std::vector's constructors read their arguments (a count, a value, a
  // range, another vector) and write only the vector: the arguments run for
  // their side effects, nothing they name is havocked (`v(rows, 0)` kept
  // rows).
  if (isStdVector(rd)) {
    if (ce)
      for (const Expr *a : ce->arguments())
        if (!isa<CXXDefaultArgExpr>(a) && a->HasSideEffects(ctx))
          eval(a);
    return o;
  }
  initFields(o, rd, "");
  if (!ce)
    return o;
  const CXXConstructorDecl *cd = ce->getConstructor();
  // A copy of an API object (`auto xShape = ptr->GetStorageShape();`) is
  // the same kind of object: a shape of the same tensor.
  if (cd && fromBundledApi(cd) && cd->isCopyOrMoveConstructor() && ce->getNumArgs() == 1) {
    HVal src = eval(ce->getArg(0));
    if (src.k == HVal::Ref)
      src = read(src.ref);
    if (src.k == HVal::Obj && objs[src.obj].kind != OK::User)
      return clone(src.obj);
  }
  if (isStream(rd))
    return o; // a log stream: nothing of it is read
  if (cd && fromBundledApi(cd)) {
    if (rd->getName() == "PlatformAscendC")
      objs[o].kind = OK::Platform;
    return o;
  }
  if (cd && launchKernel && inStd(cd)) {
    // A standard-library object of a direct launch's host code: unknown
    // contents; what its constructor could write through its arguments too.
    havocWritableArgs(ce, "passed to a standard-library constructor");
    setAllFields(o, rd, "", [&](QualType ft) {
      return isInt(ft) ? intV(mkOpaque("a standard-library object", typeOf(ft))) : noneV("a standard-library object");
    });
    return o;
  }
  if (cd && cd->isCopyOrMoveConstructor() && ce->getNumArgs() == 1) {
    HVal src = eval(ce->getArg(0));
    if (src.k == HVal::Ref)
      src = read(src.ref);
    if (src.k == HVal::Obj)
      return clone(src.obj);
    return o;
  }
  if (cd && cd->hasBody()) {
    std::vector<const Expr *> args(ce->arg_begin(), ce->arg_end());
    inlineCall(cd, args, o, ce->getBeginLoc());
  } else if (cd && !cd->isTrivial() && !cd->isDefaulted()) {
    fail("constructor of '" + rd->getNameAsString() + "' without a definition", ce->getBeginLoc());
  }
  return o;
}

void HostInterp::declare(const VarDecl *vd) {
  QualType t = vd->getType();
  Loc l = localLoc(vd);
  if (vd->isInvalidDecl()) {
    if (!lenient)
      fail("the host code does not compile", vd->getLocation());
    // Clang may have dropped its initialiser: what it names may have changed.
    havocNamed(text(vd->getSourceRange()), "named in code that does not compile" + where(vd->getLocation()),
               {vd->getNameAsString()});
    state[l] = noneV("'" + vd->getNameAsString() + "' does not compile");
    return;
  }
  const Expr *init = vd->getInit();
  if (t->isReferenceType()) {
    if (!init) {
      state[l] = noneV("reference without initialiser");
      return;
    }
    // `auto &tiling = *context->GetTilingData<T>();`: the object itself
    // (ops-math not_equal_v2), not its first element.
    if (t->getPointeeType()->getAsCXXRecordDecl())
      if (const auto *u = dyn_cast<UnaryOperator>(init->IgnoreParenImpCasts()); u && u->getOpcode() == UO_Deref) {
        HVal p = eval(u->getSubExpr());
        if (p.k == HVal::Ref)
          p = read(p.ref);
        if (p.k == HVal::Obj && p.obj >= 0) {
          state[l] = p;
          return;
        }
      }
    if (auto r = lvalue(init)) {
      HVal v;
      v.k = HVal::Ref;
      v.ref = *r;
      state[l] = v;
      return;
    }
    state[l] = eval(init);
    return;
  }
  if (const CXXRecordDecl *rd = t->getAsCXXRecordDecl()) {
    const Expr *ie = init ? init->IgnoreImplicit() : nullptr;
    if (const auto *ce = dyn_cast_or_null<CXXConstructExpr>(ie)) {
      state[l] = objV(construct(rd, ce));
      return;
    }
    if (ie) {
      HVal v = eval(ie);
      if (v.k == HVal::Obj) {
        int o = v.obj;
        // A copy of a user object: its own fields.
        if (objs[o].kind == OK::User)
          o = clone(o);
        state[l] = objV(o);
        return;
      }
    }
    state[l] = objV(construct(rd, nullptr));
    return;
  }
  if (t->isArrayType()) {
    int o = newArray(t, init, vd->hasGlobalStorage());
    state[l] = o >= 0 ? objV(o) : noneV("arrays other than integer arrays of constant size are not modelled");
    return;
  }
  if (!init) {
    state[l] = noneV("'" + vd->getNameAsString() + "' is not initialised");
    return;
  }
  // `int64_t *p = &x;`: p names x (reads and writes through it reach x).
  if (auto to = pointee(init)) {
    HVal r;
    r.k = HVal::Ref;
    r.ref = *to;
    state[l] = r;
    return;
  }
  HVal v = eval(init);
  if (v.k == HVal::Ref)
    v = read(v.ref);
  if (isInt(t))
    v = intV(asSym(v, t, "'" + vd->getNameAsString() + "'"));
  state[l] = v;
}

std::optional<Loc> HostInterp::pointee(const Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (!e->getType()->isPointerType() || !isInt(e->getType()->getPointeeType()))
    return std::nullopt;
  if (const auto *u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_AddrOf)
    return lvalue(u->getSubExpr());
  if (const auto *dr = dyn_cast<DeclRefExpr>(e))
    if (const auto *vd = dyn_cast<VarDecl>(dr->getDecl()); vd && vd->hasLocalStorage())
      if (auto it = state.find(localLoc(vd)); it != state.end() && it->second.k == HVal::Ref)
        return it->second.ref;
  return std::nullopt;
}

std::optional<Loc> HostInterp::lvalue(const Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (const auto *dr = dyn_cast<DeclRefExpr>(e)) {
    if (const auto *vd = dyn_cast<VarDecl>(dr->getDecl())) {
      if (!vd->hasLocalStorage())
        return std::nullopt;
      Loc l = localLoc(vd);
      auto it = state.find(l);
      if (it != state.end() && it->second.k == HVal::Ref)
        return it->second.ref;
      return l;
    }
    return std::nullopt;
  }
  if (const auto *me = dyn_cast<MemberExpr>(e)) {
    const auto *fd = dyn_cast<FieldDecl>(me->getMemberDecl());
    if (!fd)
      return std::nullopt;
    std::string key = fd->getNameAsString();
    const Expr *base = me->getBase()->IgnoreParenImpCasts();
    HVal b = isa<CXXThisExpr>(base) ? objV(frame().thisObj) : eval(base);
    if (b.k == HVal::Ref)
      b = read(b.ref);
    if (b.k != HVal::Obj || b.obj < 0)
      return std::nullopt;
    return Loc{b.obj, key};
  }
  if (const auto *as = dyn_cast<ArraySubscriptExpr>(e)) {
    HVal b = eval(as->getBase());
    if (b.k == HVal::Ref)
      if (HVal x = read(b.ref); x.k == HVal::Obj)
        b = x;
    HVal i = eval(as->getIdx());
    std::optional<int64_t> ci = i.k == HVal::Int ? asConst(i.s) : std::nullopt;
    if (b.k == HVal::Obj && ci)
      return Loc{b.obj, "[" + std::to_string(*ci) + "]"};
    return std::nullopt;
  }
  if (const auto *u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_Deref) {
    if (auto to = pointee(u->getSubExpr()))
      return to;
    HVal b = eval(u->getSubExpr());
    if (b.k == HVal::Obj)
      return Loc{b.obj, "[0]"};
    if (b.k == HVal::Ref)
      return b.ref;
  }
  return std::nullopt;
}

HVal HostInterp::eval(const Expr *e) {
  step(e->getBeginLoc());
  e = e->IgnoreParens();
  QualType t = e->getType();
  if (Sym c = fe::foldIntConstant(ctx, e))
    return intV(c);
  switch (e->getStmtClass()) {
  case Stmt::ImplicitCastExprClass:
  case Stmt::CStyleCastExprClass:
  case Stmt::CXXStaticCastExprClass:
  case Stmt::CXXFunctionalCastExprClass:
  case Stmt::CXXReinterpretCastExprClass:
  case Stmt::CXXConstCastExprClass: {
    const auto *c = cast<CastExpr>(e);
    HVal v = eval(c->getSubExpr());
    if (c->getCastKind() == CK_LValueToRValue && v.k == HVal::Ref)
      v = read(v.ref);
    if (isInt(t)) {
      if (v.k == HVal::Ref)
        v = read(v.ref);
      if (c->getCastKind() == CK_PointerToBoolean) {
        if (v.k == HVal::Obj)
          return intV(mkBool(true)); // the context's objects exist (a null check fails never)
        return intV(mkOpaque("a pointer compared with null", IntType::boolean()));
      }
      if (v.k == HVal::Int)
        return intV(fe::intConvert(ctx, v.s, t));
      return intV(asSym(v, t, "a value converted from a type that is not modelled"));
    }
    return v;
  }
  case Stmt::MaterializeTemporaryExprClass:
    return eval(cast<MaterializeTemporaryExpr>(e)->getSubExpr());
  case Stmt::ExprWithCleanupsClass:
    return eval(cast<ExprWithCleanups>(e)->getSubExpr());
  case Stmt::CXXBindTemporaryExprClass:
    return eval(cast<CXXBindTemporaryExpr>(e)->getSubExpr());
  case Stmt::ConstantExprClass:
    return eval(cast<ConstantExpr>(e)->getSubExpr());
  case Stmt::CXXDefaultArgExprClass:
    return eval(cast<CXXDefaultArgExpr>(e)->getExpr());
  case Stmt::CXXDefaultInitExprClass:
    return eval(cast<CXXDefaultInitExpr>(e)->getExpr());
  case Stmt::IntegerLiteralClass:
  case Stmt::CharacterLiteralClass:
  case Stmt::CXXBoolLiteralExprClass:
    break; // folded above
  case Stmt::CXXNullPtrLiteralExprClass:
  case Stmt::GNUNullExprClass:
    return noneV("null");
  case Stmt::CXXThisExprClass:
    return objV(frame().thisObj);
  case Stmt::DeclRefExprClass: {
    const auto *dr = cast<DeclRefExpr>(e);
    if (const auto *vd = dyn_cast<VarDecl>(dr->getDecl())) {
      if (vd->hasLocalStorage()) {
        Loc l = localLoc(vd);
        auto it = state.find(l);
        if (it == state.end())
          return noneV("'" + vd->getNameAsString() + "' is not known here");
        if (it->second.k == HVal::Ref)
          return it->second;
        HVal r;
        r.k = HVal::Ref;
        r.ref = l;
        return r;
      }
      if (vd->getType().isConstQualified() && vd->getInit() && isInt(vd->getType()))
        return intV(asSym(eval(vd->getInit()), vd->getType(), "constant"));
      // (A function's static array is not one: its writes are not scanned.)
      if (vd->hasGlobalStorage() && !vd->isStaticLocal() && vd->getType()->isConstantArrayType())
        if (int o = globalArray(vd); o >= 0)
          return objV(o);
      return noneV("global '" + vd->getNameAsString() + "'");
    }
    if (const auto *ec = dyn_cast<EnumConstantDecl>(dr->getDecl()))
      return intV(mkConst(ec->getInitVal().getExtValue(), typeOf(t)));
    return noneV("'" + dr->getDecl()->getNameAsString() + "'");
  }
  case Stmt::MemberExprClass:
  case Stmt::ArraySubscriptExprClass: {
    if (const auto *as = dyn_cast<ArraySubscriptExpr>(e); as && isInt(t) && !as->getIdx()->HasSideEffects(ctx)) {
      HVal b = eval(as->getBase());
      if (b.k == HVal::Ref)
        b = read(b.ref);
      if (b.k == HVal::Obj && b.obj >= 0 && objs[b.obj].kind == OK::TensorData) {
        HVal i = eval(as->getIdx());
        if (i.k == HVal::Ref)
          i = read(i.ref);
        return intV(mkCast(tensorDataAt(b.obj, i), typeOf(t)));
      }
    }
    if (const auto *as = dyn_cast<ArraySubscriptExpr>(e); as && isInt(t) && !as->getIdx()->HasSideEffects(ctx)) {
      HVal i = eval(as->getIdx());
      if (i.k == HVal::Ref)
        i = read(i.ref);
      if (i.k == HVal::Int && !asConst(i.s))
        if (auto si = symIndex(as)) {
          // An element chosen by a value: a choice among the elements (an
          // index past the array is the host's undefined behaviour).
          auto [o, idx] = *si;
          int64_t n = objs[o].arrSize;
          abortPath(mkOr(mkCmp(SymOp::Lt, idx, mkConst(0)), mkCmp(SymOp::Ge, idx, mkConst(n))));
          Sym r = asSym(read(Loc{o, "[" + std::to_string(n - 1) + "]"}), t, "array element");
          for (int64_t k = n - 2; k >= 0; --k)
            r = mkSelect(mkCmp(SymOp::Eq, idx, mkConst(k)),
                         asSym(read(Loc{o, "[" + std::to_string(k) + "]"}), t, "array element"), r);
          return intV(r);
        }
    }
    if (auto l = lvalue(e)) {
      HVal r;
      r.k = HVal::Ref;
      r.ref = *l;
      return r;
    }
    return noneV("a member access that is not followed" + where(e->getBeginLoc()));
  }
  case Stmt::UnaryOperatorClass: {
    const auto *u = cast<UnaryOperator>(e);
    UnaryOperatorKind k = u->getOpcode();
    if (k == UO_AddrOf || k == UO_Deref) {
      if (k == UO_Deref && isInt(t)) {
        HVal b = eval(u->getSubExpr());
        if (b.k == HVal::Ref)
          b = read(b.ref);
        if (b.k == HVal::Obj && b.obj >= 0 && objs[b.obj].kind == OK::TensorData)
          return intV(mkCast(tensorDataAt(b.obj, intV(mkConst(0))), typeOf(t)));
      }
      if (k == UO_Deref)
        if (auto l = lvalue(e)) {
          HVal r;
          r.k = HVal::Ref;
          r.ref = *l;
          HVal sub = eval(u->getSubExpr());
          if (sub.k == HVal::Obj && objs[sub.obj].kind == OK::User && !isInt(t))
            return sub; // *ptr to an object is the object
          return r;
        }
      HVal v = eval(u->getSubExpr());
      if (v.k == HVal::Ref && k == UO_AddrOf) {
        HVal x = read(v.ref);
        if (x.k == HVal::Obj)
          return x;
      }
      return v;
    }
    if (k == UO_PreInc || k == UO_PreDec || k == UO_PostInc || k == UO_PostDec) {
      auto l = lvalue(u->getSubExpr());
      if (!l)
        return noneV("increment of a location that is not followed");
      Sym old = asSym(read(*l), t, "incremented value");
      Sym nv = fe::intIncDec(u, old);
      write(*l, intV(nv));
      return intV(u->isPrefix() ? nv : old);
    }
    HVal v = eval(u->getSubExpr());
    if (k == UO_LNot)
      return intV(mkNot(cond(u->getSubExpr())));
    if (!isInt(t))
      return noneV("a non-integer operation");
    if (Sym r = fe::intUnary(ctx, u, asSym(v, t, "operand")))
      return intV(r);
    return noneV("unary operator");
  }
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass: {
    const auto *b = cast<BinaryOperator>(e);
    BinaryOperatorKind k = b->getOpcode();
    if (k == BO_Comma) {
      eval(b->getLHS());
      return eval(b->getRHS());
    }
    if (k == BO_LAnd || k == BO_LOr) {
      Sym a = cond(b->getLHS());
      Sym c = cond(b->getRHS());
      return intV(k == BO_LAnd ? mkAnd(a, c) : mkOr(a, c));
    }
    if (k == BO_Assign) {
      // A pointer to an integer pointed elsewhere: the local is rebound, the
      // location it named is left alone.
      if (const auto *dr = dyn_cast<DeclRefExpr>(b->getLHS()->IgnoreParenImpCasts());
          dr && b->getLHS()->getType()->isPointerType() && isInt(b->getLHS()->getType()->getPointeeType()))
        if (const auto *vd = dyn_cast<VarDecl>(dr->getDecl()); vd && vd->hasLocalStorage()) {
          HVal r = noneV("a pointer not followed");
          if (auto to = pointee(b->getRHS())) {
            r.k = HVal::Ref;
            r.ref = *to;
          }
          state[localLoc(vd)] = r;
          return r;
        }
      HVal v = eval(b->getRHS());
      if (v.k == HVal::Ref)
        v = read(v.ref);
      QualType lt = b->getLHS()->getType();
      if (isInt(lt))
        v = intV(asSym(v, lt, "assigned value"));
      auto l = lvalue(b->getLHS());
      const auto *as = dyn_cast<ArraySubscriptExpr>(b->getLHS()->IgnoreParenImpCasts());
      if (!l && as && isInt(lt) && !as->getIdx()->HasSideEffects(ctx))
        if (auto si = symIndex(as)) {
          // An element chosen by a value: each element may be the one.
          auto [o, idx] = *si;
          int64_t n = objs[o].arrSize;
          abortPath(mkOr(mkCmp(SymOp::Lt, idx, mkConst(0)), mkCmp(SymOp::Ge, idx, mkConst(n))));
          for (int64_t k = 0; k < n; ++k) {
            Loc el{o, "[" + std::to_string(k) + "]"};
            write(el, mergeVal(mkCmp(SymOp::Eq, idx, mkConst(k)), v, read(el)));
          }
          return v;
        }
      if (!l && isVectorElement(b->getLHS())) {
        eval(b->getLHS()); // the index's side effects; the element is not followed
        return v;
      }
      if (!l && shapeElementWritten(b->getLHS()))
        return v;
      if (!l) {
        if (isInt(lt) && !unfollowedWrite(b->getLHS(), "written through '" + text(b->getLHS()->getSourceRange()) +
                                                           "', a location the host reader does not follow" +
                                                           where(b->getBeginLoc())))
          fail("an assignment to '" + text(b->getLHS()->getSourceRange()) +
                   "', a location the host reader does not follow",
               b->getBeginLoc());
        return v;
      }
      write(*l, v);
      return v;
    }
    if (!isInt(t)) {
      // Pointer arithmetic, floating point: not part of the contract.
      eval(b->getLHS());
      eval(b->getRHS());
      if (b->isCompoundAssignmentOp())
        if (auto l = lvalue(b->getLHS()))
          write(*l, noneV("a non-integer value"));
      return noneV("a non-integer operation");
    }
    if (!fe::intOpOf(k))
      return noneV("operator");
    if (const auto *ca = dyn_cast<CompoundAssignOperator>(b)) {
      auto l = lvalue(b->getLHS());
      if (!l && isVectorElement(b->getLHS())) {
        eval(b->getLHS());
        eval(b->getRHS());
        return intV(mkOpaque("an element of a std::vector (not followed)", typeOf(t)));
      }
      if (!l && shapeElementWritten(b->getLHS())) {
        eval(b->getRHS());
        return intV(mkOpaque("a dimension of a shape the host changed", typeOf(t)));
      }
      const auto *as = dyn_cast<ArraySubscriptExpr>(b->getLHS()->IgnoreParenImpCasts());
      if (!l && as && !as->getIdx()->HasSideEffects(ctx))
        if (auto si = symIndex(as)) {
          // `a[i] /= 2` with i a value: each element may be the one
          // (ops-math pad_v3's `tilingData_->inShape[dimNum_ - 1] /= 2`).
          auto [o, idx] = *si;
          int64_t n = objs[o].arrSize;
          abortPath(mkOr(mkCmp(SymOp::Lt, idx, mkConst(0)), mkCmp(SymOp::Ge, idx, mkConst(n))));
          Sym rhs = asSym(eval(b->getRHS()), b->getRHS()->getType(), "operand");
          Sym chosen;
          for (int64_t k = 0; k < n; ++k) {
            Loc el{o, "[" + std::to_string(k) + "]"};
            Sym old = asSym(read(el), t, "old value");
            HVal nv = intV(fe::intCompound(ctx, ca, old, rhs));
            Sym here = mkCmp(SymOp::Eq, idx, mkConst(k));
            chosen = chosen ? mkSelect(here, nv.s, chosen) : nv.s;
            write(el, mergeVal(here, nv, read(el)));
          }
          return chosen ? intV(chosen) : noneV("an element of an empty array");
        }
      if (!l) {
        const std::string why = "written through '" + text(b->getLHS()->getSourceRange()) +
                                "', a location the host reader does not follow" + where(b->getBeginLoc());
        eval(b->getRHS());
        if (!unfollowedWrite(b->getLHS(), why))
          fail("an assignment to '" + text(b->getLHS()->getSourceRange()) +
                   "', a location the host reader does not follow",
               b->getBeginLoc());
        return intV(mkOpaque(why, typeOf(t)));
      }
      Sym old = asSym(read(*l), t, "old value");
      HVal nv = intV(fe::intCompound(ctx, ca, old, asSym(eval(b->getRHS()), b->getRHS()->getType(), "operand")));
      write(*l, nv);
      return nv;
    }
    HVal lv = eval(b->getLHS()), rv = eval(b->getRHS());
    if (b->isComparisonOp() && (!isInt(b->getLHS()->getType()) || !isInt(b->getRHS()->getType()))) {
      // A pointer compared with null: the context's objects are never null.
      if (lv.k == HVal::Obj || rv.k == HVal::Obj)
        return intV(mkBool(k == BO_NE));
      return intV(mkOpaque("a comparison of values that are not integers", IntType::boolean()));
    }
    return intV(fe::intBinary(ctx, b, asSym(lv, b->getLHS()->getType(), "operand"),
                              asSym(rv, b->getRHS()->getType(), "operand")));
  }
  case Stmt::ConditionalOperatorClass: {
    const auto *co = cast<ConditionalOperator>(e);
    Sym c = cond(co->getCond());
    if (isTrue(c))
      return eval(co->getTrueExpr());
    if (isFalse(c))
      return eval(co->getFalseExpr());
    HVal a = eval(co->getTrueExpr()), b = eval(co->getFalseExpr());
    if (a.k == HVal::Ref)
      a = read(a.ref);
    if (b.k == HVal::Ref)
      b = read(b.ref);
    if (isInt(t))
      return intV(mkSelect(c, asSym(a, t, "operand"), asSym(b, t, "operand")));
    return mergeVal(c, a, b);
  }
  case Stmt::CallExprClass:
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CXXOperatorCallExprClass:
    return evalCall(cast<CallExpr>(e));
  case Stmt::CXXConstructExprClass:
  case Stmt::CXXTemporaryObjectExprClass: {
    const auto *ce = cast<CXXConstructExpr>(e);
    if (const CXXRecordDecl *rd = t->getAsCXXRecordDecl())
      return objV(construct(rd, ce));
    return noneV("construction");
  }
  case Stmt::UnaryExprOrTypeTraitExprClass:
    return noneV("sizeof of a dependent type");
  case Stmt::RecoveryExprClass: {
    if (!lenient)
      fail("the host code does not compile", e->getBeginLoc());
    // A call Clang could not resolve (a missing header): a launch written
    // with arguments it could not type, or an unknown function that may
    // write what it is passed.
    const auto *re = cast<RecoveryExpr>(e);
    auto subs = re->subExpressions();
    if (!subs.empty())
      if (auto lc = launchCallee(subs[0]))
        return launch(lc->second, lc->first, std::vector<const Expr *>(subs.begin() + 1, subs.end()), e->getBeginLoc());
    for (const Expr *x : subs)
      eval(x);
    havocWritableArgs(e, "passed to code that does not compile" + where(e->getBeginLoc()));
    if (isInt(t))
      return intV(mkOpaque("code that does not compile" + where(e->getBeginLoc()), typeOf(t)));
    return noneV("code that does not compile");
  }
  case Stmt::LambdaExprClass:
    return lambdaInPlace(cast<LambdaExpr>(e));
  case Stmt::CXXThrowExprClass:
    // The exception leaves the path: no launch follows on it (a catch that
    // could continue is refused at its try).
    abortPath(mkBool(true));
    state[aliveLoc()] = intV(mkAnd(alive(), mkNot(pc)));
    stop = true;
    return noneV("a throw");
  default:
    break;
  }
  if (isInt(t))
    return intV(mkOpaque("expression not modelled by the host reader" + where(e->getBeginLoc()), typeOf(t)));
  return noneV("expression not modelled");
}

HVal HostInterp::evalCall(const CallExpr *ce) {
  // `(__alint_launch(blocks, ...), kernel)(args)`: a `<<<...>>>` launch as
  // readDirectLaunch rewrote it.
  if (auto lc = launchCallee(ce->getCallee()))
    return launch(lc->second, lc->first, std::vector<const Expr *>(ce->arg_begin(), ce->arg_end()), ce->getBeginLoc());
  const FunctionDecl *fd = ce->getDirectCallee();
  int self = -1;
  std::vector<const Expr *> args(ce->arg_begin(), ce->arg_end());
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(ce)) {
    HVal b = eval(mc->getImplicitObjectArgument());
    if (b.k == HVal::Ref)
      b = read(b.ref);
    if (b.k == HVal::Obj)
      self = b.obj;
    fd = mc->getMethodDecl();
    // Virtual calls on an object whose class is known.
    if (const auto *md = dyn_cast_or_null<CXXMethodDecl>(fd); md && md->isVirtual() && self >= 0 && objs[self].rec)
      if (const CXXMethodDecl *ov = md->getCorrespondingMethodInClass(objs[self].rec))
        fd = ov;
  } else if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(ce)) {
    if (const auto *md = dyn_cast_or_null<CXXMethodDecl>(fd); md && !md->isStatic() && ce->getNumArgs() > 0) {
      HVal b = eval(ce->getArg(0));
      if (b.k == HVal::Ref)
        b = read(b.ref);
      if (b.k == HVal::Obj)
        self = b.obj;
      args.erase(args.begin());
      if (oc->getOperator() == OO_Equal && self >= 0 && args.size() == 1 && !md->getParent()->isInStdNamespace()) {
        // Copy assignment of a user object: copy its fields.
        HVal src = eval(args[0]);
        if (src.k == HVal::Ref)
          src = read(src.ref);
        // An API object assigned (`shape_ = ctx->GetInputShape(0)->GetOriginShape();`):
        // the target becomes the same kind of object (a shape of that tensor).
        if (src.k == HVal::Obj && src.obj != self && objs[src.obj].kind != OK::User)
          objs[self] = objs[src.obj];
        if (src.k == HVal::Obj && src.obj != self)
          for (auto &[l, v] : std::map<Loc, HVal>(state))
            if (l.obj == src.obj)
              write(Loc{self, l.key}, v.k == HVal::Obj && objs[v.obj].kind == OK::User ? objV(clone(v.obj)) : v);
        return objV(self);
      }
    }
  }
  if (!fd && lenient && (ce->containsErrors() || ce->isTypeDependent())) {
    // A call Clang could not resolve (an argument of a type from a missing
    // header): its arguments run (a lambda among them), and what it could
    // write becomes unknown.
    for (const Expr *a : args)
      eval(a);
    havocWritableArgs(ce, "passed to code that does not compile" + where(ce->getBeginLoc()));
    if (isInt(ce->getType()))
      return intV(mkOpaque("code that does not compile" + where(ce->getBeginLoc()), typeOf(ce->getType())));
    return noneV("code that does not compile");
  }
  if (!fd)
    return noneV("an indirect call");
  if (const auto *md = dyn_cast<CXXMethodDecl>(fd);
      md && md->getName() == "DoTilingImpl" && md->getParent()->getName() == "TilingRegistry" && args.size() == 1)
    return tilingTemplates(ce);
  if (HVal r; mapLookup(ce, fd, r))
    return r;
  if (HVal r; mapIterCall(ce, fd, self, args, r))
    return r;
  // ops-base's EnsureNotScalar, which 55 ops-math tiling files copy as a
  // local function (`return dimNum == 0 ? g_vec_1_shape : inShape;`): read as
  // the bundled one, the shape itself — its dimensions are free values, so it
  // stands for both. Followed as written, the two returns join into an object
  // the reader cannot name, and every size read from it is unknown.
  if (fd->getName() == "EnsureNotScalar" && args.size() == 1 && !isInt(args[0]->getType())) {
    HVal v = eval(args[0]);
    if (v.k == HVal::Ref)
      v = read(v.ref);
    if (v.k == HVal::Obj && objs[v.obj].kind == OK::Shape)
      return v;
  }
  if (streamCall(fd)) {
    // Logging: the arguments run (they may call user code), nothing is kept.
    for (const Expr *a : args)
      eval(a);
    if (fd->getReturnType()->isReferenceType() && self >= 0)
      return objV(self);
    if (fd->getReturnType()->isReferenceType() && !args.empty())
      return eval(args[0]);
    QualType rt = ce->getType();
    return isInt(rt) ? intV(mkOpaque("a stream's state", typeOf(rt))) : noneV("a stream");
  }
  if (HVal r; stdCall(ce, fd, self, args, r))
    return r;
  if (stringCall(fd)) {
    for (const Expr *a : args)
      eval(a);
    QualType rt = ce->getType();
    return isInt(rt) ? intV(mkOpaque("the result of '" + fd->getNameAsString() + "' on strings", typeOf(rt)))
                     : noneV("a string");
  }
  if (fromBundledApi(fd) && !fd->hasBody())
    return evalApi(ce, fd, self);
  if (fd->getNameAsString() == "memset_s" || fd->getNameAsString() == "memset")
    return evalApi(ce, fd, self);
  // A direct launch's host code uses the standard library for everything
  // but the tiling (random inputs, streams, containers): its functions are
  // not followed (what they could write becomes unknown, below).
  const auto *method = dyn_cast<CXXMethodDecl>(fd);
  // (std::vector<bool>'s element references and iterators too.)
  bool skipStd = (launchKernel && inStd(fd)) ||
                 (method && (isStdVector(method->getParent()) ||
                             (inStd(method) && method->getParent()->getName().starts_with("_Bit_"))));
  if (!skipStd &&
      (fd->hasBody() || (fd->getTemplateInstantiationPattern() && fd->getTemplateInstantiationPattern()->hasBody())))
    return inlineCall(fd, args, self, ce->getBeginLoc());
  // A function without a definition (a library of the host): its result is
  // unknown, and what it could write through its arguments too.
  havocOutArguments(fd, args);
  QualType rt = ce->getType();
  if (isInt(rt))
    return intV(mkOpaque("the result of '" + fd->getNameAsString() + "' (no definition)", typeOf(rt)));
  return noneV("the result of '" + fd->getNameAsString() + "'");
}

// What a call to a function the reader does not follow could write through
// its arguments (non-const pointers and references) becomes unknown.
void HostInterp::havocOutArguments(const FunctionDecl *fd, const std::vector<const Expr *> &args) {
  for (const Expr *a : args) {
    QualType at = a->getType();
    if (at->isPointerType() && !at->getPointeeType().isConstQualified()) {
      if (auto to = isInt(at->getPointeeType()) ? pointee(a) : std::nullopt)
        write(*to, intV(mkOpaque("written by '" + fd->getNameAsString() + "'", typeOf(at->getPointeeType()))));
      HVal v = eval(a);
      if (v.k == HVal::Obj && objs[v.obj].kind == OK::User)
        setAllFields(v.obj, objs[v.obj].rec, "", [&](QualType ft) {
          return isInt(ft) ? intV(mkOpaque("written by '" + fd->getNameAsString() + "'", typeOf(ft)))
                           : noneV("written by '" + fd->getNameAsString() + "'");
        });
    }
  }
  for (unsigned i = 0; i < fd->getNumParams() && i < args.size(); ++i) {
    QualType pt = fd->getParamDecl(i)->getType();
    if (pt->isReferenceType() && !pt->getPointeeType().isConstQualified())
      if (auto l = lvalue(args[i]); l && isInt(pt.getNonReferenceType()))
        write(*l, intV(mkOpaque("written by '" + fd->getNameAsString() + "'", typeOf(pt.getNonReferenceType()))));
  }
}

HVal HostInterp::evalApi(const CallExpr *ce, const FunctionDecl *fd, int self) {
  std::string n = fd->getNameAsString();
  QualType rt = ce->getType();
  const auto *mc = dyn_cast<CXXMemberCallExpr>(ce);
  auto arg = [&](unsigned i) -> HVal {
    HVal v = eval(ce->getArg(i));
    return v.k == HVal::Ref ? read(v.ref) : v;
  };
  OK sk = self >= 0 ? objs[self].kind : OK::User;
  // GET_TPL_TILING_KEY(args...) (ASCENDC_TPL_SEL_PARAM): the key's encoding
  // is not modelled, its arguments are kept by position — a kernel variant
  // built for one ASCENDC_TPL_SEL combination is launched only with them.
  if (n == "tpl_tiling_key" && !mc) {
    for (unsigned i = 0; i < ce->getNumArgs(); ++i) {
      HVal v = arg(i);
      write(Loc{kTilingKey.obj, "tplArg" + std::to_string(i)},
            v.k == HVal::Int ? intV(toMath(v.s)) : noneV("a template argument not understood"));
    }
    return intV(mkOpaque("the tiling key of the template arguments", typeOf(rt)));
  }
  // aclrtMalloc(void **devPtr, size_t size, policy): *devPtr is device memory
  // of `size` bytes (the kernel may use what was asked for, not the runtime's
  // rounding up); a direct launch passes it as a GM argument.
  if (n == "aclrtMalloc" && !mc && ce->getNumArgs() >= 2) {
    HVal size = arg(1);
    const auto *u = dyn_cast<UnaryOperator>(ce->getArg(0)->IgnoreParenCasts());
    std::optional<Loc> l = u && u->getOpcode() == UO_AddrOf ? lvalue(u->getSubExpr()) : std::nullopt;
    if (l) {
      int o = newObj(OK::Alloc);
      if (size.k == HVal::Int && !containsOpaque(size.s))
        objs[o].bytes = size.s;
      write(*l, objV(o));
    }
    return intV(mkOpaque("the result of 'aclrtMalloc'", typeOf(rt)));
  }
  // A core count: at least 1 (a vNPU partition may have one core), at most
  // the target's (HostOptions::maxAicCores / maxAivCores).
  auto platformIn = [&](const std::string &name) {
    int64_t most = name == "coreNumAic" ? opts.maxAicCores : opts.maxAivCores;
    if (name == "coreNum" && !opts.splitCores)
      most = std::max(opts.maxAicCores, opts.maxAivCores);
    return intV(mkCast(var("platform." + name, IntType::u32(), 1, most), typeOf(rt)));
  };
  if (sk == OK::Context && mc) {
    if (n == "GetInputShape" || n == "GetOptionalInputShape" || n == "GetRequiredInputShape" || n == "GetOutputShape") {
      int o = newObj(OK::StorageShape, tensorName(n != "GetOutputShape", arg(0)));
      return objV(o);
    }
    if (n == "GetInputDesc" || n == "GetOptionalInputDesc" || n == "GetOutputDesc" || n == "GetInputTensor" ||
        n == "GetOptionalInputTensor" || n == "GetRequiredInputTensor" || n == "GetRequiredInputDesc") {
      int o = newObj(OK::Desc, tensorName(n.find("Output") == std::string::npos, arg(0)));
      return objV(o);
    }
    if (n == "GetAttrs")
      return objV(newObj(OK::Attrs));
    // The compile info: the object the TilingParse function filled (one per
    // operator); unknown without one.
    if (n == "GetCompileInfo" || n == "GetCompiledInfo") {
      const TemplateArgumentList *ta = fd->getTemplateSpecializationArgs();
      const CXXRecordDecl *rd = ta && ta->size() == 1 && ta->get(0).getKind() == TemplateArgument::Type
                                    ? ta->get(0).getAsType()->getAsCXXRecordDecl()
                                    : nullptr;
      if (n == "GetCompiledInfo" && compileInfoObj < 0 && rd && parseFn && (!compileInfoRec || compileInfoRec == rd)) {
        compileInfoRec = rd;
        compileInfoObj = newObj(OK::User, "", rd);
        initFields(compileInfoObj, rd, "");
      }
      if (compileInfoObj >= 0 && (!rd || rd == compileInfoRec || n == "GetCompileInfo"))
        return objV(compileInfoObj);
      return noneV("the compile info (no TilingParse function read)");
    }
    if (n == "GetPlatformInfo")
      return objV(newObj(OK::PlatformInfo));
    if (n == "GetRawTilingData")
      return objV(newObj(OK::RawTiling));
    if (n == "GetTilingData") {
      const TemplateArgumentList *ta = fd->getTemplateSpecializationArgs();
      const CXXRecordDecl *rd = ta && ta->size() == 1 ? ta->get(0).getAsType()->getAsCXXRecordDecl() : nullptr;
      // One tiling buffer per context: a second call (the empty-input path's
      // and the main path's, ops-math cosh) returns the same object, so the
      // paths' writes merge by their conditions instead of conflicting.
      if (auto it = tilingBuffers.find(rd); rd && it != tilingBuffers.end()) {
        // Created on another path (an empty-input branch that returned): its
        // array and struct fields were merged away where it did not exist.
        // They are there again, holding what an earlier run left.
        reviveFields(it->second, rd);
        return objV(it->second);
      }
      int o = newObj(OK::User, "", rd);
      if (rd)
        tilingBuffers[rd] = o;
      initFields(o, rd, "");
      objs[o].tiling = true;
      // The tiling buffer holds what an earlier run left: unknown until written.
      setAllFields(o, rd, "", [](QualType) { return noneV("tiling buffer not cleared"); });
      return objV(o);
    }
    // One array for every call: the context's workspace sizes, read after
    // the run (snapshot: kWorkspace).
    if (n == "GetWorkspaceSizes") {
      if (workspaceObj < 0)
        workspaceObj = newObj(OK::Workspace);
      return objV(workspaceObj);
    }
    if (n == "SetBlockDim" || n == "SetNumBlocks") {
      write(kBlockDim, intV(asSym(arg(0), fd->getParamDecl(0)->getType(), "block dim")));
      return intV(mkConst(0, typeOf(rt)));
    }
    if (n == "SetTilingKey") {
      write(kTilingKey, intV(asSym(arg(0), fd->getParamDecl(0)->getType(), "tiling key")));
      return intV(mkConst(0, typeOf(rt)));
    }
    if (isInt(rt))
      return intV(mkOpaque("'" + n + "' of the tiling context", typeOf(rt)));
    return noneV("'" + n + "'");
  }
  auto shapeSizeOf = [&](const std::string &t2) -> HVal {
    if (t2.empty())
      return intV(mkOpaque("the size of a tensor whose index is not a constant", typeOf(rt)));
    return intV(mkCast(tensorSize(t2), typeOf(rt)));
  };
  if (sk == OK::StorageShape || sk == OK::Desc) {
    if (n == "GetStorageShape" || n == "GetOriginShape" || n == "MutableStorageShape" || n == "MutableOriginShape" ||
        n == "GetShape") {
      int o = newObj(OK::Shape, objs[self].tensor);
      objs[o].origin = n.find("Origin") != std::string::npos;
      return objV(o);
    }
    if (n == "GetDataType" && !objs[self].tensor.empty())
      return intV(mkCast(dtypeVar(objs[self].tensor), typeOf(rt)));
    // A value-dependent input's data (the op's TilingInputsDataDependency:
    // paddings, begin/end of a slice): each element a free input of the
    // contract, named after the tensor, so that the host's checks on them
    // are facts about the values the kernel receives.
    if (n == "GetData" && !objs[self].tensor.empty() && rt->isPointerType() &&
        isInt(rt->getPointeeType().getUnqualifiedType())) {
      int o = newObj(OK::TensorData, objs[self].tensor);
      objs[o].dataElem = typeOf(rt->getPointeeType().getUnqualifiedType());
      return objV(o);
    }
    if (n == "GetShapeSize")
      return shapeSizeOf(objs[self].tensor);
  }
  if (sk == OK::Shape) {
    const std::string &tn = objs[self].tensor;
    std::string base = this->base(objs[self]);
    // A shape the host changes is no longer the tensor's: its reads are unknown.
    if (n == "SetDimNum" || n == "SetDim" || n == "AppendDim" || n == "SetScalar") {
      objs[self].kind = OK::User;
      objs[self].tensor.clear();
      return n == "AppendDim" ? objV(self) : HVal();
    }
    if (n == "GetDim" || n == "operator[]") // (an operator call's argument 0 is the shape itself)
      return tensorDim(self, arg(isa<CXXOperatorCallExpr>(ce) ? 1 : 0), ce->getBeginLoc());
    if (n == "GetDimNum" && !tn.empty()) {
      auto c = opts.shapes.find(tn);
      if (c != opts.shapes.end())
        return intV(mkConst(int64_t(c->second.size()), typeOf(rt)));
      return intV(mkCast(var(base + ".rank", IntType::u64(), 0), typeOf(rt)));
    }
    if (n == "GetShapeSize")
      return shapeSizeOf(objs[self].tensor);
    // Two tensors' shapes compared (`OP_CHECK_IF(xShape != yShape, ...,
    // return GRAPH_FAILED)`): equal shapes have equal sizes; whether shapes
    // of equal size have the same dimensions is not known.
    if ((n == "operator==" || n == "operator!=") && ce->getNumArgs() >= 1 && !tn.empty()) {
      HVal o = arg(ce->getNumArgs() - 1);
      if (o.k == HVal::Ref)
        o = read(o.ref);
      if (o.k == HVal::Obj && objs[o.obj].kind == OK::Shape && !objs[o.obj].tensor.empty() &&
          objs[o.obj].origin == objs[self].origin) {
        Sym sameSize = mkCmp(SymOp::Eq, toMath(tensorSize(tn)), toMath(tensorSize(objs[o.obj].tensor)));
        Sym dimsDiffer = mkOpaque("whether two shapes of one size have the same dimensions", IntType::boolean());
        Sym equal = mkAnd(sameSize, mkNot(dimsDiffer));
        return intV(mkCast(n == "operator==" ? equal : mkNot(equal), typeOf(rt)));
      }
    }
  }
  if (sk == OK::Platform) {
    if (n == "GetCoreNum" || n == "GetCoreNumAiv" || n == "GetCoreNumVector")
      return platformIn(n == "GetCoreNum" ? "coreNum" : "coreNumAiv");
    if (n == "GetCoreNumAic")
      return platformIn("coreNumAic");
    // The system workspace AscendC's library APIs use (asc-devkit
    // impl/utils/tiling/platform/platform_ascendc.cpp GetLibApiWorkSpaceSize).
    if (n == "GetLibApiWorkSpaceSize" && opts.reservedWorkspaceBytes >= 0)
      return intV(mkConst(opts.reservedWorkspaceBytes, typeOf(rt)));
    // ReserveLocalMemory(RESERVED_SIZE_8K/16K/32K): GetCoreMemSize(UB) then
    // gives what is left; "多次调用该函数时，仅保留最后一次调用的结果" (asc-devkit
    // docs/zh/api/Utils-API/平台信息获取/PlatformAscendC/ReserveLocalMemory.md).
    if (n == "ReserveLocalMemory" && ce->getNumArgs() == 1) {
      HVal rs = arg(0);
      std::optional<int64_t> rc = rs.k == HVal::Int ? asConst(rs.s) : std::nullopt;
      objs[self].reservedUb = rc && *rc >= 0 && *rc <= 2
                                  ? mkConst(int64_t(8 * 1024) << *rc, IntType::u64())
                                  : mkOpaque("a ReserveLocalMemory size that is not a constant", IntType::u64());
      return HVal();
    }
    if (n == "GetCoreMemSize" && ce->getNumArgs() == 2) {
      HVal mt = arg(0);
      std::optional<int64_t> mc = mt.k == HVal::Int ? asConst(mt.s) : std::nullopt;
      int64_t m = mc.value_or(-1);
      auto l = lvalue(ce->getArg(1));
      if (l) {
        auto it = opts.memSize.find(int(m));
        Sym v;
        if (it == opts.memSize.end())
          v = mkOpaque("a memory size of the platform that is not modelled", IntType::u64());
        else if (it->second.first == it->second.second)
          v = mkConst(it->second.first, IntType::u64());
        else
          v = var(m == 5 ? "platform.ubSize" : "platform.memSize" + std::to_string(m), IntType::u64(), it->second.first,
                  it->second.second);
        if (m == 5 && objs[self].reservedUb)
          v = mkBin(SymOp::Sub, v, objs[self].reservedUb, IntType::u64());
        write(*l, intV(v));
      }
      return HVal();
    }
    if (n == "GetSocVersion") {
      if (opts.socVersion >= 0)
        return intV(mkConst(opts.socVersion, typeOf(rt)));
      return intV(mkOpaque("the SoC version", typeOf(rt)));
    }
    if (n == "GetCurNpuArch") {
      if (opts.npuArch >= 0)
        return intV(mkConst(opts.npuArch, typeOf(rt)));
      return intV(mkOpaque("the NPU architecture", typeOf(rt)));
    }
  }
  if (n == "GetAivCoreNum")
    return platformIn("coreNumAiv");
  if (n == "GetVRegSize" && opts.npuArch == 3510)
    return intV(mkConst(256, typeOf(rt)));
  if (n == "IsRegbaseSocVersion" && opts.npuArch >= 0)
    return intV(mkConst(opts.npuArch == 3510 ? 1 : 0, typeOf(rt)));
  // PlatformAscendCManager::GetInstance(): the platform of the running device.
  if (n == "GetInstance" && isa<CXXMethodDecl>(fd) &&
      cast<CXXMethodDecl>(fd)->getParent()->getName() == "PlatformAscendCManager")
    return objV(newObj(OK::Platform));
  if (n == "GetUbSize") {
    auto it = opts.memSize.find(5);
    if (it == opts.memSize.end())
      return intV(mkOpaque("the UB size", typeOf(rt)));
    return intV(mkCast(var("platform.ubSize", IntType::u64(), it->second.first, it->second.second), typeOf(rt)));
  }
  if (n == "GetDataTypeLength" && ce->getNumArgs() == 2) {
    Sym dt = asSym(arg(0), QualType(), "data type");
    if (auto l = lvalue(ce->getArg(1)))
      write(*l, intV(mkCast(dtypeSize(dt), typeOf(fd->getParamDecl(1)->getType().getNonReferenceType()))));
    return intV(mkBool(true));
  }
  // Ops::Base::GetConstInt(context, index, value) (ops-base op_util.h): the
  // value of a constant input tensor (ops-math arg_max's `dimension`), an
  // input of the operator like its shapes: `<input>.data[0]`, in the range of
  // the type it is read as. False where the input is not constant: then the
  // value is left as it was; which of the two is itself an input.
  if (n == "GetConstInt" && ce->getNumArgs() == 3 && !mc) {
    std::string t2 = tensorName(true, arg(1));
    auto l = lvalue(ce->getArg(2));
    QualType vt = fd->getParamDecl(2)->getType().getNonReferenceType();
    if (!t2.empty() && l && isInt(vt)) {
      IntType it = typeOf(vt);
      const int64_t lo = it.minValue(), hi = int64_t(std::min<uint64_t>(it.maxValue(), INT64_MAX));
      Sym isConst = mkCmp(SymOp::Ne, toMath(var(t2 + ".isConst", IntType::u32(), 0, 1)), mkConst(0));
      HVal old = read(*l);
      Sym v = var(t2 + ".data[0]", it, lo, hi);
      Sym kept = old.k == HVal::Int && old.s ? old.s : mkOpaque("a value GetConstInt left unset", it);
      write(*l, intV(mkSelect(isConst, v, kept)));
      return intV(mkCast(isConst, typeOf(rt)));
    }
  }
  if (n == "GetSizeInBytes" && ce->getNumArgs() == 2) {
    // count * size, or -1 for a negative count or a size past int64_t.
    Sym count = toMath(asSym(arg(0), ce->getArg(0)->getType(), "element count"));
    Sym bytes = mul(count, toMath(dtypeSize(asSym(arg(1), QualType(), "data type"))));
    Sym bad = mkOr(mkCmp(SymOp::Lt, count, mkConst(0)), mkCmp(SymOp::Gt, bytes, mkConst(INT64_MAX)));
    return intV(mkCast(mkSelect(bad, mkConst(-1), bytes), typeOf(rt)));
  }
  if (n == "GetSizeByDataType" && ce->getNumArgs() == 1)
    return intV(mkCast(dtypeSize(asSym(arg(0), QualType(), "data type")), typeOf(rt)));
  if ((n == "memset_s" || n == "memset") && ce->getNumArgs() >= 3) {
    HVal d = arg(0);
    if (d.k == HVal::Obj && objs[d.obj].kind == OK::User)
      setAllFields(d.obj, objs[d.obj].rec, "", [&](QualType ft) {
        return isInt(ft) ? intV(mkConst(0, typeOf(ft))) : noneV("cleared non-integer field");
      });
    return intV(mkConst(0, typeOf(rt)));
  }
  // SaveToBuffer: the struct is the tiling buffer. Where it was saved is kept
  // by path, so that two handler objects saved on two paths (ops-math
  // pad_v3_grad_replication's Handler<int32_t>/<int64_t>) join by path
  // instead of conflicting (snapshot).
  if (n == "SaveToBuffer" && self >= 0) {
    objs[self].tiling = true;
    objs[self].saved = true;
    Loc saved{self, kSavedKey};
    if (!state.count(saved))
      state[saved] = intV(mkBool(false));
    write(saved, intV(mkBool(true)));
    return HVal();
  }
  if (sk == OK::Attrs) {
    if (isInt(rt))
      return intV(mkOpaque("an attribute", typeOf(rt)));
    // Pointers to attribute values: an integer attribute at a constant index
    // is a free input of the contract, `attrs[i]` (the same variable at every
    // read), like a dimension of a shape; others stay unknown when read.
    int o = newObj(OK::Attrs, "attr");
    if (rt->isPointerType() && isInt(rt->getPointeeType()) && ce->getNumArgs() == 1)
      if (auto idx = asConst(asSym(arg(0), QualType(), "attribute index"))) {
        IntType at = typeOf(rt->getPointeeType().getUnqualifiedType());
        state[Loc{o, "[0]"}] = intV(var("attrs[" + std::to_string(*idx) + "]", at, at.minValue()));
      }
    return objV(o);
  }
  // Logging and the rest: no effect on the contract but what they may write
  // through their arguments (the adv API's tiling helpers: GetSortMaxMinTmpSize
  // returns its sizes in uint32_t& arguments).
  havocOutArguments(fd, std::vector<const Expr *>(ce->arg_begin(), ce->arg_end()));
  if (isInt(rt))
    return intV(mkOpaque("the result of '" + n + "'", typeOf(rt)));
  return noneV("the result of '" + n + "'");
}

// TilingRegistry::DoTilingImpl(context): the registry is a map filled by
// static initialisers, so the reader takes the registrations from the file
// itself. Each registered class is constructed with the context and its
// DoTiling runs where every class before it answered GRAPH_PARAM_INVALID
// ("not capable"); the first other answer is the result, GRAPH_FAILED when
// none is capable.
HVal HostInterp::tilingTemplates(const CallExpr *ce) {
  SourceLocation l = ce->getBeginLoc();
  FindTilingTemplates f(ctx);
  AstWalk w;
  w.stmt = [&](Stmt *s) {
    if (auto *mc = dyn_cast<CXXMemberCallExpr>(s))
      f.VisitCXXMemberCallExpr(mc);
  };
  w.run(ctx.getTranslationUnitDecl());
  if (f.unreadable)
    fail("a tiling class registration whose class or priority is not a constant", l);
  std::vector<TilingTemplate> regs;
  for (const TilingTemplate &t : f.found)
    if (opts.opType.empty() || t.op == opts.opType)
      regs.push_back(t);
  if (regs.empty())
    fail(f.found.empty() ? "DoTilingImpl: no tiling class is registered in this file (they may be in another one)"
                         : "DoTilingImpl: no tiling class is registered for '" + opts.opType + "' in this file",
         l);
  std::stable_sort(regs.begin(), regs.end(),
                   [](const TilingTemplate &a, const TilingTemplate &b) { return a.priority < b.priority; });
  for (size_t i = 1; i < regs.size(); ++i)
    if (regs[i].priority == regs[i - 1].priority)
      fail("two tiling classes registered with the same priority (the registry keeps the first)", l);
  const Expr *contextArg = ce->getArg(0);
  IntType st = typeOf(ce->getType());
  const Sym invalid = mkConst(50331649, st); // ge::GRAPH_PARAM_INVALID (ascendc_lint/host.h)
  Sym pc0 = pc;
  Sym notYet = mkBool(true); // every class so far answered GRAPH_PARAM_INVALID
  std::vector<std::pair<Sym, HVal>> answers;
  for (const TilingTemplate &t : regs) {
    const CXXRecordDecl *rd = t.cls->getDefinition();
    if (!rd)
      fail("tiling class '" + t.cls->getNameAsString() + "' has no definition", l);
    const CXXConstructorDecl *ctor = nullptr;
    for (const CXXConstructorDecl *c : rd->ctors())
      if (c->getNumParams() == 1 && c->getParamDecl(0)->getType()->isPointerType())
        ctor = c;
    const CXXMethodDecl *doTiling = nullptr;
    std::vector<const CXXRecordDecl *> todo{rd};
    while (!doTiling && !todo.empty()) {
      const CXXRecordDecl *c = todo.back()->getDefinition();
      todo.pop_back();
      if (!c)
        continue;
      for (const CXXMethodDecl *m : c->methods())
        if (m->getName() == "DoTiling" && m->getNumParams() == 0)
          doTiling = m;
      for (const CXXBaseSpecifier &b : c->bases())
        if (const CXXRecordDecl *br = b.getType()->getAsCXXRecordDecl())
          todo.push_back(br);
    }
    if (!ctor || !doTiling)
      fail("tiling class '" + rd->getNameAsString() + "' without a constructor from the context or a DoTiling", l);
    auto saved = state;
    pc = mkAnd(pc0, notYet);
    int o = newObj(OK::User, "", rd);
    initFields(o, rd, "");
    inlineCall(ctor, {contextArg}, o, l);
    HVal r = inlineCall(doTiling, {}, o, l);
    Sym status = asSym(r, ce->getType(), "the status of '" + rd->getNameAsString() + "::DoTiling'");
    state = merge(notYet, state, saved);
    Sym decided = mkCmp(SymOp::Ne, toMath(status), toMath(invalid));
    answers.push_back({mkAnd(notYet, decided), intV(status)});
    notYet = mkAnd(notYet, mkNot(decided));
  }
  pc = pc0;
  HVal res = intV(mkConst(4294967295, st)); // ge::GRAPH_FAILED
  for (size_t i = answers.size(); i-- > 0;)
    res = mergeVal(answers[i].first, answers[i].second, res);
  return res;
}

HVal HostInterp::inlineCall(const FunctionDecl *fd, const std::vector<const Expr *> &args, int self, SourceLocation l) {
  if (frames.size() > 40)
    fail("calls nested too deeply", l);
  const FunctionDecl *def = fd;
  if (!def->hasBody())
    if (const FunctionDecl *p = def->getTemplateInstantiationPattern())
      def = p;
  const FunctionDecl *bodyDecl = nullptr;
  const Stmt *body = def->getBody(bodyDecl);
  if (!body)
    fail("'" + fd->getNameAsString() + "' has no definition", l);
  // Arguments are evaluated in the caller's frame.
  std::vector<HVal> vals;
  std::vector<std::optional<Loc>> refs;
  std::vector<bool> refToUnmodelled(args.size(), false);
  for (unsigned i = 0; i < args.size(); ++i) {
    QualType pt = i < bodyDecl->getNumParams() ? bodyDecl->getParamDecl(i)->getType() : QualType();
    if (!pt.isNull() && pt->isReferenceType() && isInt(pt.getNonReferenceType())) {
      refs.push_back(lvalue(args[i]));
      vals.push_back(eval(args[i]));
    } else if (!pt.isNull() && pt->isPointerType() && isInt(pt->getPointeeType())) {
      // An out-parameter (`GetPlatformInfo(ctx, &ubSize, &coreNum)` writing
      // `*coreNum = ...`): the pointer names the caller's location.
      std::optional<Loc> to = pointee(args[i]);
      refs.push_back(to);
      vals.push_back(to ? noneV("a pointer") : eval(args[i]));
    } else {
      refs.push_back(std::nullopt);
      HVal v = eval(args[i]);
      if (v.k == HVal::Ref)
        v = read(v.ref);
      // A reference to storage the caller names through value steps and
      // holds no object for (`std::array<bool, 8> abInfo{}; GetABFlag(...,
      // abInfo)`: ops-math expand): writes through the parameter land there,
      // where every read is unknown anyway (unmodelledStorage).
      if (!pt.isNull() && pt->isReferenceType() && v.k == HVal::None && unmodelledStorage(args[i]))
        refToUnmodelled[i] = true;
      vals.push_back(v);
    }
  }
  Sym savedPc = pc;
  bool savedStop = stop;
  // The caller's path condition: an abort inside the callee is one of it.
  outerConds.push_back(mkAnd(pc, alive()));
  frames.push_back(Frame{nextFrame++, {}, self});
  for (unsigned i = 0; i < bodyDecl->getNumParams() && i < vals.size(); ++i) {
    const ParmVarDecl *p = bodyDecl->getParamDecl(i);
    QualType pt = p->getType();
    if (refs[i]) {
      HVal r;
      r.k = HVal::Ref;
      r.ref = *refs[i];
      state[localLoc(p)] = r;
    } else if (isInt(pt)) {
      state[localLoc(p)] = intV(asSym(vals[i], pt, "argument '" + p->getNameAsString() + "'"));
    } else {
      state[localLoc(p)] = vals[i];
    }
    if (refToUnmodelled[i])
      unmodelledRefs.insert(localLoc(p));
  }
  if (const auto *cd = dyn_cast<CXXConstructorDecl>(bodyDecl)) {
    for (const CXXCtorInitializer *ci : cd->inits()) {
      // `Derived(ctx) : Base(ctx)`: the base's constructor runs on this object.
      // (Standard-library classes are left as before: their bases are the library's business.)
      if ((ci->isBaseInitializer() || ci->isDelegatingInitializer()) && inStd(cd))
        continue;
      if (ci->isBaseInitializer() || ci->isDelegatingInitializer()) {
        const auto *bce = dyn_cast_or_null<CXXConstructExpr>(ci->getInit() ? ci->getInit()->IgnoreImplicit() : nullptr);
        const CXXConstructorDecl *bcd = bce ? bce->getConstructor() : nullptr;
        if (bcd && bcd->hasBody()) {
          std::vector<const Expr *> bargs(bce->arg_begin(), bce->arg_end());
          inlineCall(bcd, bargs, self, bce->getBeginLoc());
        } else if (bcd && !bcd->isTrivial() && !bcd->isDefaulted() && !fromBundledApi(bcd)) {
          fail("constructor of '" + bcd->getParent()->getNameAsString() + "' without a definition", bce->getBeginLoc());
        }
        continue;
      }
      const FieldDecl *f = ci->getMember();
      if (!f || !ci->getInit())
        continue;
      // The member's default initialiser (an implicit constructor's): already
      // applied when the object was made (initFields).
      if (isa<CXXDefaultInitExpr>(ci->getInit()->IgnoreImplicit()) || isa<CXXDefaultInitExpr>(ci->getInit()))
        continue;
      HVal v = eval(ci->getInit());
      if (v.k == HVal::Ref)
        v = read(v.ref);
      if (isInt(f->getType()))
        v = intV(asSym(v, f->getType(), "initializer"));
      state[Loc{self, f->getNameAsString()}] = v;
    }
  }
  pc = mkBool(true);
  stop = false;
  exec(body);
  Frame fr = frames.back();
  // Locals of the frame die with it.
  // The frame's locals: together in the state, which is ordered by object first.
  auto first = state.lower_bound(Loc{-fr.id, std::string()});
  auto last = first;
  while (last != state.end() && last->first.obj == -fr.id)
    ++last;
  state.erase(first, last);
  frames.pop_back();
  outerConds.pop_back();
  pc = savedPc;
  stop = savedStop;
  QualType rt = fd->getReturnType();
  if (fr.returns.empty())
    return isInt(rt) ? intV(mkOpaque("'" + fd->getNameAsString() + "' returns no value", typeOf(rt))) : HVal();
  HVal r = fr.returns.back().value;
  if (isInt(rt))
    r = intV(asSym(r, rt, "return value"));
  for (size_t i = fr.returns.size() - 1; i-- > 0;) {
    HVal v = fr.returns[i].value;
    if (isInt(rt))
      v = intV(asSym(v, rt, "return value"));
    r = mergeVal(fr.returns[i].cond, v, r);
  }
  return r;
}

void HostInterp::execIf(const IfStmt *is) {
  if (is->getInit())
    exec(is->getInit());
  if (is->getConditionVariableDeclStmt())
    exec(is->getConditionVariableDeclStmt());
  Sym c = cond(is->getCond());
  if (isTrue(c) || is->isConstexpr()) {
    if (isTrue(c))
      exec(is->getThen());
    else if (is->getElse())
      exec(is->getElse());
    return;
  }
  if (isFalse(c)) {
    if (is->getElse())
      exec(is->getElse());
    return;
  }
  auto saved = state;
  Sym pc0 = pc;
  pc = mkAnd(pc0, c);
  exec(is->getThen());
  bool stopThen = stop, contThen = stopByContinue;
  stop = false;
  stopByContinue = false;
  auto thenState = std::move(state);
  state = std::move(saved);
  pc = mkAnd(pc0, mkNot(c));
  if (is->getElse())
    exec(is->getElse());
  bool stopElse = stop, contElse = stopByContinue;
  stop = false;
  stopByContinue = false;
  state = merge(c, thenState, state);
  pc = pc0;
  if (stopThen && stopElse) {
    stop = true;
    // the loop goes on where either branch continued (a return's path is
    // dead by the alive flag)
    stopByContinue = contThen || contElse;
  }
}

void HostInterp::execSwitch(const SwitchStmt *ss) {
  // A break or continue nested in a case is not a loop's (it fails as
  // before): a sentinel no frame matches.
  UnrolledScope scope(unrolled);
  unrolled.push_back(Unrolled{INT64_MIN, mkBool(true), mkBool(false)});
  HVal v = eval(ss->getCond());
  Sym x = asSym(v, ss->getCond()->getType(), "switch value");
  const auto *body = dyn_cast<CompoundStmt>(ss->getBody());
  if (!body)
    fail("a switch without a block", ss->getBeginLoc());
  // Groups: labels followed by statements that end in break or return.
  struct Group {
    Sym cond;
    bool isDefault = false;
    std::vector<const Stmt *> stmts;
  };
  std::vector<Group> groups;
  bool open = false;
  for (const Stmt *s : body->body()) {
    const Stmt *inner = s;
    bool labelled = false;
    while (const auto *sc = dyn_cast<SwitchCase>(inner)) {
      if (!open) {
        groups.push_back(Group{mkBool(false), false, {}});
        open = true;
      } else if (!groups.back().stmts.empty()) {
        fail("a switch case that falls through", sc->getBeginLoc());
      }
      labelled = true;
      if (const auto *cs = dyn_cast<CaseStmt>(sc)) {
        if (cs->getRHS())
          fail("a case range", cs->getBeginLoc());
        HVal cv = eval(cs->getLHS());
        groups.back().cond =
            mkOr(groups.back().cond, mkCmp(SymOp::Eq, toMath(x), toMath(asSym(cv, QualType(), "case"))));
      } else {
        groups.back().isDefault = true;
      }
      inner = sc->getSubStmt();
    }
    (void)labelled;
    if (!open)
      continue;
    if (isa<BreakStmt>(inner)) {
      open = false;
      continue;
    }
    // `case K: { ...; break; }`: the block's statements, and the group ends.
    if (const auto *cs = dyn_cast<CompoundStmt>(inner); cs && !cs->body_empty() && isa<BreakStmt>(cs->body_back())) {
      for (const Stmt *b : cs->body())
        if (b != cs->body_back())
          groups.back().stmts.push_back(b);
      open = false;
      continue;
    }
    groups.back().stmts.push_back(inner);
    // A return, or a block that ends in one (`case K: { ...; return r; }`,
    // ops-math pad_v3's GetPaddings), ends the group.
    const Stmt *last = inner;
    while (const auto *cs = dyn_cast<CompoundStmt>(last))
      if (cs->body_empty())
        break;
      else
        last = cs->body_back();
    if (isa<ReturnStmt>(last))
      open = false;
  }
  if (open && !groups.empty() && &groups.back() != &groups.front() && !groups.back().stmts.empty()) {
    // The last group may end without break.
  }
  Sym none = mkBool(true);
  for (auto &g : groups)
    if (!g.isDefault)
      none = mkAnd(none, mkNot(g.cond));
  // Run as an if-chain; the default group runs when no case matches.
  std::function<void(size_t)> chain = [&](size_t i) {
    if (i == groups.size())
      return;
    Group &g = groups[i];
    Sym c = g.isDefault ? mkOr(g.cond, none) : g.cond;
    auto saved = state;
    Sym pc0 = pc;
    pc = mkAnd(pc0, c);
    if (!isFalse(c))
      for (const Stmt *s : g.stmts) {
        if (stop)
          break;
        exec(s);
      }
    bool stopThen = stop;
    stop = false;
    auto thenState = std::move(state);
    state = saved;
    pc = mkAnd(pc0, mkNot(c));
    chain(i + 1);
    bool stopElse = stop;
    stop = false;
    state = merge(c, thenState, state);
    pc = pc0;
    stop = stopThen && stopElse;
  };
  chain(0);
}

void HostInterp::execLoop(const Stmt *loop, const Stmt *init, const Expr *c, const Expr *inc, const Stmt *body) {
  if (init)
    exec(init);
  // Unrolled while the condition is a constant (loops over constants, or
  // over a --shape rank). A `continue` or `break` under a condition ends the
  // iteration (or the loop) on its path only: writes after it are guarded.
  // A break under a condition needs the counter scoped to the loop (its
  // value after the loop would depend on the path).
  bool scopedCounter = init && isa<DeclStmt>(init);
  UnrolledScope scope(unrolled);
  unrolled.push_back(Unrolled{frame().id, mkBool(true), mkBool(false)});
  bool unrolledAll = false;
  for (unsigned it = 0; it < 256; ++it) {
    Sym k = c ? cond(c) : mkBool(true);
    if (isFalse(k) || isTrue(unrolled.back().broke)) {
      unrolledAll = true;
      break;
    }
    if (!isTrue(k))
      break;
    unrolled.back().live = mkNot(unrolled.back().broke);
    unrolled.back().cont = mkBool(true);
    exec(body);
    if (stop && !stopByContinue)
      return; // an unconditional break/return ends it
    stop = false;
    stopByContinue = false;
    if (!isFalse(unrolled.back().broke) && !scopedCounter)
      fail("a break under a condition in a loop whose counter outlives it", loop->getBeginLoc());
    // The increment runs on every path that continues (a broken path's
    // counter is out of scope after the loop and its later iterations are
    // dead).
    Unrolled saved = unrolled.back();
    unrolled.pop_back();
    if (inc)
      eval(inc);
    unrolled.push_back(saved);
  }
  bool broke = !isFalse(unrolled.back().broke);
  unrolled.pop_back();
  if (unrolledAll)
    return;
  if (broke)
    fail("a break under a condition in a loop the host reader does not unroll", loop->getBeginLoc());
  if (productOverDims(loop, init, c, inc, body))
    return;
  if (reductionOverData(init, c, inc, body))
    return;
  if (!dry && scopedCounter && boundedUnroll(init, c, inc, body))
    return;
  if (!dry && guardedUnroll(c, inc, body))
    return;
  // Otherwise: locations one iteration changes become opaque (as the kernel
  // frontend's havoc). A return inside makes the contract unknown.
  auto before = state;
  size_t returnsBefore = frame().returns.size();
  bool savedDry = dry;
  dry = true;
  exec(body);
  if (inc && !stop)
    eval(inc);
  dry = savedDry;
  stop = false;
  bool returns = frame().returns.size() != returnsBefore;
  frame().returns.resize(returnsBefore);
  auto after = std::move(state);
  state = before;
  std::string why = "changed by the loop" + where(loop->getBeginLoc());
  std::vector<Loc> changed;
  for (auto &[l, v] : after) {
    auto b = before.find(l);
    if (b == before.end() || l == aliveLoc())
      continue;
    bool same = b->second.k == v.k && (v.k != HVal::Int || structurallyEqual(b->second.s, v.s)) &&
                (v.k != HVal::Obj || b->second.obj == v.obj) && (v.k != HVal::Ref || b->second.ref == v.ref);
    if (!same)
      changed.push_back(l);
  }
  std::map<Loc, Sym> choices = loopChoices(before, changed, body, inc, loop);
  for (const Loc &l : changed) {
    const HVal &v = after[l];
    if (auto ch = choices.find(l); ch != choices.end())
      state[l] = intV(ch->second);
    else
      state[l] = v.k == HVal::Int ? intV(mkOpaque(why, v.s->type)) : noneV(why);
  }
  if (!returns)
    return;
  // A return in the body (`if (dim <= 0) return GRAPH_FAILED;` for each
  // dimension of a rank the path does not bound): the body runs once more
  // in the state any iteration may find (the changed values opaque), under
  // an opaque "some iteration returns here". Its returns are kept with that
  // in their condition: a failure no longer constrains the inputs (the
  // precondition it would give holds for some value of the opaque), a
  // success is one more way the run may end, and the code after the loop
  // runs where no return was taken.
  auto havocked = state;
  Sym pc0 = pc;
  pc = mkAnd(pc, mkOpaque("whether an iteration of the loop" + where(loop->getBeginLoc()) + " returns",
                          IntType::boolean()));
  dry = true;
  exec(body);
  dry = savedDry;
  stop = false;
  stopByContinue = false;
  pc = pc0;
  Sym stillAlive = alive();
  state = std::move(havocked);
  state[aliveLoc()] = intV(stillAlive);
}

// What a location holds after a loop that is not unrolled, where an
// iteration leaves it as it was or sets it to a constant (`match = false;
// break;` in a loop comparing two shapes dimension by dimension: ops-math
// minimum, equal): by induction, after any number of iterations, its value
// before the loop or one of those constants. The iteration is run once more
// from the state any iteration may find (every location the loop changes a
// fresh value), so that a value copied from the counter (`found = i`) is not
// taken for the constant the first iteration gives it. The choice is a free
// host value (a fresh boolean per constant), not an unmodelled one: the host
// accepted the input only where the flag says so, and that fact decides it
// (a value left opaque made every question on the fields computed after the
// check `unknown`). Locations whose value has other leaves are not returned.
std::map<Loc, Sym> HostInterp::loopChoices(const std::map<Loc, HVal> &before, const std::vector<Loc> &changed,
                                           const Stmt *body, const Expr *inc, const Stmt *loop) {
  std::map<Loc, Sym> out;
  std::map<Loc, Sym> fresh;
  state = before;
  for (const Loc &l : changed) {
    HVal &v = state[l];
    if (v.k == HVal::Int) {
      fresh[l] = mkVar("pre", v.s->type, VarRole::Internal);
      v = intV(fresh[l]);
    } else {
      v = noneV("changed by the loop");
    }
  }
  if (fresh.empty()) {
    state = before;
    return out;
  }
  size_t returnsBefore = frame().returns.size();
  // (A failure thrown inside a call leaves its frame and path condition
  // behind: both are restored here, as the reading goes on.)
  const size_t framesBefore = frames.size();
  const Sym pcBefore = pc;
  bool savedDry = dry;
  dry = true;
  bool ok = true;
  try {
    exec(body);
    if (inc && !stop)
      eval(inc);
  } catch (const Failure &) {
    ok = false;
  }
  while (frames.size() > framesBefore)
    frames.pop_back();
  pc = pcBefore;
  dry = savedDry;
  stop = false;
  stopByContinue = false;
  frame().returns.resize(returnsBefore);
  auto after = std::move(state);
  state = before;
  if (!ok)
    return out;
  PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(loop->getBeginLoc()));
  const std::string at = p.isValid() ? std::to_string(p.getLine()) : "?";
  for (const auto &entry : fresh) {
    const auto &l = entry.first;
    const Sym &marker = entry.second; // a named reference: lambdas may capture it
    auto a = after.find(l);
    if (a == after.end() || a->second.k != HVal::Int || a->second.s->type != marker->type)
      continue;
    std::vector<Sym> constants;
    bool leavesOk = true;
    std::function<void(const Sym &, int)> leaves = [&](const Sym &x, int depth) {
      if (!leavesOk)
        return;
      if (depth > 16) {
        leavesOk = false;
        return;
      }
      if (x->op == SymOp::Var && x->var->id == marker->var->id)
        return;
      if (x->op == SymOp::Select) {
        leaves(x->args[1], depth + 1);
        leaves(x->args[2], depth + 1);
        return;
      }
      if (x->op != SymOp::Const && x->op != SymOp::BoolConst) {
        leavesOk = false;
        return;
      }
      for (const Sym &c : constants)
        if (structurallyEqual(c, x))
          return;
      constants.push_back(x);
      leavesOk = constants.size() <= 4;
    };
    leaves(a->second.s, 0);
    const HVal &b = before.at(l);
    if (!leavesOk || constants.empty() || b.k != HVal::Int || b.s->type != marker->type)
      continue;
    Sym v = b.s;
    for (const Sym &c : constants) {
      Sym pick =
          mkVar("host.loop" + at + ".sets" + std::to_string(++loopChoiceCount), IntType::boolean(), VarRole::Input);
      v = mkSelect(pick, c, v);
    }
    out[l] = v;
  }
  return out;
}

// A counted loop `for (T i = 0; i < bound; ++i) body` whose body changes one
// integer location (the accumulator) and nothing else: the body is run dry
// once from the state any iteration may find (the counter a fresh `i`, every
// integer location a fresh "pre" value), and the accumulator's new value is
// returned as a function of its pre value. Nothing when the loop has another
// form, the body fails, stops, returns or changes anything else. The caller
// sets what the dry run should see (productOverDims: GetDim(i) as a marker).
std::optional<HostInterp::AccumulatorStep> HostInterp::accumulatorStep(const Stmt *init, const Expr *c, const Expr *inc,
                                                                       const Stmt *body, bool markIndex) {
  const auto *bo = dyn_cast_or_null<BinaryOperator>(c ? c->IgnoreParenImpCasts() : nullptr);
  if (!bo || bo->getOpcode() != BO_LT)
    return std::nullopt;
  const auto *iv = dyn_cast<DeclRefExpr>(bo->getLHS()->IgnoreParenImpCasts());
  const VarDecl *ivd = iv ? dyn_cast<VarDecl>(iv->getDecl()) : nullptr;
  if (!ivd || !isInt(ivd->getType()) || steppedByOne(inc) != ivd)
    return std::nullopt;
  const auto *ds = dyn_cast_or_null<DeclStmt>(init);
  if (!ds || !ds->isSingleDecl() || ds->getSingleDecl() != ivd)
    return std::nullopt;
  HVal start = read(localLoc(ivd));
  if (start.k != HVal::Int || asConst(start.s) != std::optional<int64_t>(0))
    return std::nullopt;
  AccumulatorStep step;
  step.index = mkVar("i", typeOf(ivd->getType()), VarRole::Internal);
  if (markIndex)
    loopIndex = step.index;
  auto before = state;
  state[localLoc(ivd)] = intV(step.index);
  std::map<Loc, Sym> fresh;
  for (auto &[l, v] : state)
    if (v.k == HVal::Int && !(l == localLoc(ivd)) && !(l == aliveLoc())) {
      fresh[l] = mkVar("pre", v.s->type, VarRole::Internal);
      v = intV(fresh[l]);
    }
  size_t returnsBefore = frame().returns.size();
  Sym pc0 = pc;
  auto frames0 = frames.size();
  bool savedDry = dry;
  dry = true;
  bool ok = true;
  try {
    exec(body);
  } catch (const Failure &) {
    ok = false;
  }
  dry = savedDry;
  while (frames.size() > frames0)
    frames.pop_back();
  pc = pc0;
  bool stopped = stop;
  stop = false;
  stopByContinue = false;
  auto after = std::move(state);
  state = std::move(before);
  // (The dry run's returns are not the loop's: the loop is read another way
  // when this is not its form, and this form has none.)
  bool returned = frame().returns.size() != returnsBefore;
  frame().returns.resize(returnsBefore);
  if (!ok || stopped || returned)
    return std::nullopt;
  std::optional<Loc> acc;
  for (auto &[l, v] : after) {
    if (l == localLoc(ivd))
      continue;
    auto f = fresh.find(l);
    if (f == fresh.end()) {
      auto b = state.find(l);
      if (b == state.end() || l == aliveLoc())
        continue; // declared inside the body
      bool same = b->second.k == v.k && (v.k != HVal::Obj || b->second.obj == v.obj) &&
                  (v.k != HVal::Ref || b->second.ref == v.ref);
      if (!same)
        return std::nullopt;
      continue;
    }
    if (v.k == HVal::Int && structurallyEqual(v.s, f->second))
      continue;
    if (acc || v.k != HVal::Int)
      return std::nullopt;
    acc = l;
  }
  if (!acc)
    return std::nullopt;
  step.acc = *acc;
  step.pre = fresh[*acc];
  step.value = after[*acc].s;
  return step;
}

// `for (i = 0; i < shape.GetDimNum(); ++i) n *= shape.GetDim(i);` multiplies
// n by the element count (x.size). Recognised by a dry run of the body with
// n and the dimension as fresh values: n must become exactly their product
// (in n's type, as the loop would compute it) and nothing else may change.
bool HostInterp::productOverDims(const Stmt *loop, const Stmt *init, const Expr *c, const Expr *inc, const Stmt *body) {
  const auto *bo = dyn_cast_or_null<BinaryOperator>(c ? c->IgnoreParenImpCasts() : nullptr);
  if (!bo || bo->getOpcode() != BO_LT)
    return false;
  HVal bound = eval(bo->getRHS());
  if (bound.k == HVal::Ref)
    bound = read(bound.ref);
  if (bound.k != HVal::Int)
    return false;
  std::vector<std::shared_ptr<const VarInfo>> vs;
  collectVars(bound.s, vs);
  if (vs.size() != 1 || vs[0]->name.size() < 11 || vs[0]->name.substr(vs[0]->name.size() - 11) != ".shape.rank")
    return false;
  std::string shape = vs[0]->name.substr(0, vs[0]->name.size() - 5);
  std::string tensor = shape.substr(0, shape.size() - 6);
  Sym savedIndex = loopIndex, savedMarker = dimMarker;
  std::string savedShape = loopShape;
  // The counter is the step's `i`, made inside accumulatorStep: tensorDim
  // recognises it as the only variable of the index and any dimension of
  // this shape read there is the marker.
  loopIndex = nullptr;
  dimMarker = mkVar("dim", IntType::i64(), VarRole::Internal);
  loopShape = shape;
  std::optional<AccumulatorStep> step = accumulatorStep(init, c, inc, body, true);
  Sym marker = dimMarker;
  loopIndex = savedIndex;
  dimMarker = savedMarker;
  loopShape = savedShape;
  if (!step)
    return false;
  Sym a = step->value, pre = step->pre;
  IntType t = pre->type;
  for (auto pd : {std::pair<int64_t, int64_t>{3, 5}, {7, 11}, {1, 1}, {123457, 98765}, {65535, 65537}}) {
    const int64_t p = pd.first, d = pd.second;
    auto v = evaluate(a, [&](const VarInfo &vi) -> std::optional<int64_t> {
      if (vi.id == pre->var->id)
        return p;
      if (vi.id == marker->var->id)
        return d;
      return std::nullopt;
    });
    if (!v || *v != wrapTo(__int128(p) * d, t))
      return false;
  }
  Sym size = opts.shapes.count(tensor) ? nullptr : var(tensor + ".size", IntType::i64(), 0);
  if (!size) {
    int64_t prod = 1;
    for (int64_t d : opts.shapes.at(tensor))
      prod *= d;
    size = mkConst(prod, IntType::i64());
  }
  HVal old = read(step->acc);
  Sym o = asSym(old, QualType(), "product");
  write(step->acc, intV(mkCast(mkBin(SymOp::Mul, mkCast(o, t), mkCast(size, t), t), t)));
  (void)loop;
  return true;
}

// `for (i = 0; i < n; ++i) acc *= data[i];` (or `+=`) over the elements of a
// value-dependent input tensor (ops-math fill: the output's element count is
// the product of the `dims` tensor's values). After at least one iteration
// acc holds acc0 * P (acc0 + S), where P (S) can be any value of acc's type:
// the elements are free input values, every element but the last may be 1
// (0) and the last any value. So the result is a free host value of the
// input, named after the tensor (`dims.data.product`), not an unmodelled
// one, and a counterexample naming it is one the inputs can produce. The
// elements must be at least as wide as acc (narrower ones may not reach
// every value), come from one tensor and nothing but them and the counter
// may enter the step. Zero iterations (the condition false for i = 0) leave
// acc as it was.
bool HostInterp::reductionOverData(const Stmt *init, const Expr *c, const Expr *inc, const Stmt *body) {
  std::optional<AccumulatorStep> step = accumulatorStep(init, c, inc, body);
  if (!step)
    return false;
  // Whether the first iteration runs: the state is the loop's first (the
  // counter 0); what evaluating the condition changes is undone.
  auto saved = state;
  Sym runs = cond(c);
  state = std::move(saved);
  const IntType t = step->pre->type;
  std::vector<std::shared_ptr<const VarInfo>> vs;
  collectVars(step->value, vs);
  std::string tensor;
  bool sawData = false;
  for (const auto &v : vs) {
    if (v->id == step->pre->var->id || v->id == step->index->var->id)
      continue;
    size_t at = v->name.find(".data[");
    auto known = vars.find(v->name); // the element's variable, with its type
    if (at == std::string::npos || v->role != VarRole::Input || known == vars.end() ||
        known->second->type.bits < t.bits)
      return false;
    if (sawData && v->name.substr(0, at) != tensor)
      return false;
    tensor = v->name.substr(0, at);
    sawData = true;
  }
  if (!sawData)
    return false;
  // Which operation: the step's value for sample pre values and elements
  // (every element the same, at an index inside and past the named ones).
  auto matches = [&](const std::function<__int128(int64_t, int64_t)> &op) {
    for (int64_t index : {0, 3, 40})
      for (auto px : {std::pair<int64_t, int64_t>{3, 5}, {7, -11}, {1, 1}, {123457, 98765}, {65535, 65537}}) {
        auto v = evaluate(step->value, [&](const VarInfo &vi) -> std::optional<int64_t> {
          if (vi.id == step->pre->var->id)
            return px.first;
          if (vi.id == step->index->var->id)
            return index;
          if (vi.name.find(".data[") != std::string::npos)
            return px.second;
          return std::nullopt;
        });
        if (!v || *v != wrapTo(op(px.first, px.second), t))
          return false;
      }
    return true;
  };
  SymOp op;
  std::string what;
  if (matches([](int64_t a, int64_t b) { return __int128(a) * b; })) {
    op = SymOp::Mul;
    what = ".data.product";
  } else if (matches([](int64_t a, int64_t b) { return __int128(a) + b; })) {
    op = SymOp::Add;
    what = ".data.sum";
  } else {
    return false;
  }
  // Any value of acc's type (its type bounds it: no fact; var() would bound
  // it as a tensor's size).
  // One value per reduction: a loop over the same elements (the same
  // condition for the first iteration, so the same count) into the same
  // type shares it; another gets its own ("dims.data.product#2").
  std::string name = tensor + what;
  for (int k = 2;; ++k) {
    auto known = reductions.find(name);
    if (known == reductions.end() || (structurallyEqual(known->second, runs) && vars[name]->type == t))
      break;
    name = tensor + what + "#" + std::to_string(k);
  }
  reductions.emplace(name, runs);
  Sym &free = vars[name];
  if (!free)
    free = mkVar(name, t, VarRole::Input);
  HVal old = read(step->acc);
  Sym o = mkCast(asSym(old, QualType(), "reduction"), t);
  write(step->acc, intV(mkSelect(runs, mkCast(mkBin(op, o, free, t), t), o)));
  return true;
}

// An integer array of constant size (at most 256 elements) as an object of
// elements "[k]": from its initialiser list (the rest value-initialised to
// 0), zero without one where `zero` (static storage), else not initialised.
// -1 when it is not such an array.
int HostInterp::newArray(QualType t, const Expr *init, bool zero) {
  const ConstantArrayType *at = ctx.getAsConstantArrayType(t);
  if (!at || !isInt(at->getElementType()) || at->getSize().getZExtValue() > 256)
    return -1;
  QualType et = at->getElementType();
  int64_t n = int64_t(at->getSize().getZExtValue());
  const auto *il = dyn_cast_or_null<InitListExpr>(init ? init->IgnoreImplicit() : nullptr);
  if (init && !il)
    return -1;
  int o = newObj(OK::User);
  objs[o].arrSize = n;
  for (int64_t k = 0; k < n; ++k) {
    Loc l{o, "[" + std::to_string(k) + "]"};
    if (il && k < int64_t(il->getNumInits()) && !isa<ImplicitValueInitExpr>(il->getInit(k)))
      state[l] = intV(asSym(eval(il->getInit(k)), et, "array element"));
    else if (il || zero)
      state[l] = intV(mkConst(0, typeOf(et)));
    else
      state[l] = noneV("an array element that is not initialised");
  }
  return o;
}

namespace {

// The array a subscript chain `g[i][j]` is rooted at, and its indices (outer
// first); null when the chain does not end at a variable.
const VarDecl *subscriptRoot(const Expr *e, std::vector<const Expr *> &idx) {
  e = e->IgnoreParenImpCasts();
  while (const auto *as = dyn_cast<ArraySubscriptExpr>(e)) {
    idx.insert(idx.begin(), as->getIdx());
    e = as->getBase()->IgnoreParenImpCasts();
  }
  const auto *dr = dyn_cast<DeclRefExpr>(e);
  return dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
}

bool isGlobalIntArray(const VarDecl *vd) {
  return vd && vd->hasGlobalStorage() && !vd->isStaticLocal() && vd->getType()->isConstantArrayType() &&
         !vd->getType().isConstQualified();
}

// Every use of a namespace-scope integer array: a read of an element, or an
// assignment to an element at constant indices. Anything else (a pointer
// taken, `++`, a compound assignment, an index that is not a constant) makes
// every element of it unknown.
class GlobalArrayUses {
public:
  explicit GlobalArrayUses(ASTContext &ctx) : ctx(ctx) {}
  bool VisitBinaryOperator(BinaryOperator *b) {
    if (b->getOpcode() != BO_Assign)
      return true;
    std::vector<const Expr *> idx;
    const VarDecl *vd = subscriptRoot(b->getLHS(), idx);
    if (!isGlobalIntArray(vd) || idx.empty())
      return true;
    accounted.insert(rootRef(b->getLHS()));
    std::vector<int64_t> cell;
    for (const Expr *i : idx) {
      Expr::EvalResult r;
      if (i->isValueDependent() || !i->EvaluateAsInt(r, ctx)) {
        writes[vd].any = true;
        return true;
      }
      cell.push_back(r.Val.getInt().getExtValue());
    }
    writes[vd].cells.insert(cell);
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *c) {
    if (c->getCastKind() != CK_LValueToRValue)
      return true;
    std::vector<const Expr *> idx;
    const VarDecl *vd = subscriptRoot(c->getSubExpr(), idx);
    if (isGlobalIntArray(vd) && !idx.empty())
      accounted.insert(rootRef(c->getSubExpr()));
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *d) {
    if (const auto *vd = dyn_cast<VarDecl>(d->getDecl()); isGlobalIntArray(vd))
      refs.emplace_back(d, vd);
    return true;
  }
  static const DeclRefExpr *rootRef(const Expr *e) {
    e = e->IgnoreParenImpCasts();
    while (const auto *as = dyn_cast<ArraySubscriptExpr>(e))
      e = as->getBase()->IgnoreParenImpCasts();
    return dyn_cast<DeclRefExpr>(e);
  }
  ASTContext &ctx;
  std::map<const VarDecl *, GlobalWrites> writes;
  std::set<const DeclRefExpr *> accounted;
  std::vector<std::pair<const DeclRefExpr *, const VarDecl *>> refs;
};

} // namespace

void HostInterp::scanGlobalWrites() {
  if (globalWritesScanned)
    return;
  globalWritesScanned = true;
  GlobalArrayUses u(ctx);
  AstWalk w;
  w.stmt = [&](Stmt *s) {
    if (auto *b = dyn_cast<BinaryOperator>(s))
      u.VisitBinaryOperator(b);
    else if (auto *c = dyn_cast<ImplicitCastExpr>(s))
      u.VisitImplicitCastExpr(c);
    else if (auto *d = dyn_cast<DeclRefExpr>(s))
      u.VisitDeclRefExpr(d);
  };
  w.run(ctx.getTranslationUnitDecl());
  globalWrites = std::move(u.writes);
  for (auto &[ref, vd] : u.refs)
    if (!u.accounted.count(ref))
      globalWrites[vd].any = true;
}

// An element some code writes may hold what an earlier call of the tiling
// function wrote when it is read before this run writes it (the host process
// keeps its globals between calls); elements no code writes keep their static
// initial value. ops-math cast fills three 40 x 40 tables of constants by
// dtype pair before it reads them.
int HostInterp::globalArray(const VarDecl *vd) {
  if (auto it = globalArrays.find(vd); it != globalArrays.end())
    return it->second;
  scanGlobalWrites();
  const GlobalWrites &w = globalWrites[vd];
  QualType t = vd->getType();
  const ConstantArrayType *outer = ctx.getAsConstantArrayType(t);
  int o = -1;
  if (outer && isInt(outer->getElementType())) {
    o = newArray(t, vd->getInit(), true);
    if (o >= 0)
      for (int64_t k = 0; k < objs[o].arrSize; ++k)
        if (w.any || w.cells.count({k}))
          state[Loc{o, "[" + std::to_string(k) + "]"}] =
              noneV("an element of a global array an earlier call may have written");
  } else if (const ConstantArrayType *inner = outer ? ctx.getAsConstantArrayType(outer->getElementType()) : nullptr;
             inner && isInt(inner->getElementType()) && outer->getSize().getZExtValue() <= 256 &&
             (!vd->getInit() || isa<InitListExpr>(vd->getInit()->IgnoreImplicit()))) {
    // Rows of a two-dimensional array: an array of row objects.
    const auto *il = dyn_cast_or_null<InitListExpr>(vd->getInit() ? vd->getInit()->IgnoreImplicit() : nullptr);
    int64_t n = int64_t(outer->getSize().getZExtValue());
    o = newObj(OK::User);
    objs[o].arrSize = -1; // rows are objects, not integers
    for (int64_t r = 0; r < n && o >= 0; ++r) {
      const Expr *ri = il && r < int64_t(il->getNumInits()) ? il->getInit(r) : nullptr;
      if (ri && isa<ImplicitValueInitExpr>(ri))
        ri = nullptr;
      int row = newArray(outer->getElementType(), ri, true);
      if (row < 0) {
        o = -1;
        break;
      }
      for (int64_t k = 0; k < objs[row].arrSize; ++k)
        if (w.any || w.cells.count({r, k}))
          state[Loc{row, "[" + std::to_string(k) + "]"}] =
              noneV("an element of a global array an earlier call may have written");
      state[Loc{o, "[" + std::to_string(r) + "]"}] = objV(row);
    }
  }
  globalArrays[vd] = o;
  return o;
}

// `a[i]` of a host array with an integer index: the array and the index (as a
// mathematical integer).
std::optional<std::pair<int, Sym>> HostInterp::symIndex(const ArraySubscriptExpr *as) {
  HVal b = eval(as->getBase());
  if (b.k == HVal::Ref)
    b = read(b.ref);
  if (b.k != HVal::Obj || b.obj < 0 || objs[b.obj].arrSize <= 0)
    return std::nullopt;
  HVal i = eval(as->getIdx());
  if (i.k == HVal::Ref)
    i = read(i.ref);
  if (i.k != HVal::Int)
    return std::nullopt;
  return std::make_pair(b.obj, toMath(i.s));
}

namespace {

// What guardedUnroll needs of a loop body: no way out of it but its end, the
// loop variable not assigned in it, and the constant size of the largest host
// array that every iteration assigns an element of at the loop variable
// (`a[i] = ...` at the top level of the body; 0: none). Every iteration then
// writes a different element of it, so an iteration past its size writes past
// the array.
struct BodyShape {
  bool exits = false;
  int64_t arrayWritten = 0;
};

bool namesVar(const Expr *e, const ValueDecl *v) {
  const auto *dr = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
  return dr && dr->getDecl() == v;
}

void bodyShape(ASTContext &ctx, const Stmt *s, BodyShape &b, bool inNested, const ValueDecl *iv) {
  if (!s)
    return;
  if (isa<ReturnStmt>(s) || isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s) || isa<CXXTryStmt>(s) ||
      (!inNested && (isa<BreakStmt>(s) || isa<ContinueStmt>(s))))
    b.exits = true;
  if (isa<LambdaExpr>(s))
    return;
  if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp() && namesVar(bo->getLHS(), iv))
    b.exits = true;
  if (const auto *u = dyn_cast<UnaryOperator>(s);
      u && (u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf) && namesVar(u->getSubExpr(), iv))
    b.exits = true;
  bool nested = inNested || isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s) || isa<CXXForRangeStmt>(s) ||
                isa<SwitchStmt>(s);
  for (const Stmt *c : s->children())
    bodyShape(ctx, c, b, nested, iv);
}

// The array elements every iteration assigns at the loop variable: the
// statements at the top level of the body.
void topLevelWrites(ASTContext &ctx, const Stmt *body, BodyShape &b, const ValueDecl *iv) {
  std::vector<const Stmt *> top;
  if (const auto *cs = dyn_cast<CompoundStmt>(body))
    top.assign(cs->body_begin(), cs->body_end());
  else
    top.push_back(body);
  for (const Stmt *s : top) {
    const auto *bo = dyn_cast<BinaryOperator>(s);
    if (!bo || bo->getOpcode() != BO_Assign)
      continue;
    const auto *as = dyn_cast<ArraySubscriptExpr>(bo->getLHS()->IgnoreParenImpCasts());
    if (!as || !namesVar(as->getIdx(), iv))
      continue;
    if (const ConstantArrayType *at = ctx.getAsConstantArrayType(as->getBase()->IgnoreParenImpCasts()->getType()))
      b.arrayWritten = std::max<int64_t>(b.arrayWritten, int64_t(at->getSize().getZExtValue()));
  }
}

} // namespace

// A loop with a bound the reader has no constant for that fills a host array
// (`for (i = 0; i < n; ++i) a[i] = f(i);`): unrolled with each iteration
// under its condition, as nested ifs, up to the array's size; one more
// iteration would write past the array, the host's undefined behaviour,
// assumed not to happen. The elements become per-index values (a[k] = f(k)
// where k < n), not unknowns. Only bodies without break/continue/return that
// assign an element at the loop variable in every iteration (BodyShape).
// The variable a loop's increment steps by one (`++i`, `i++`, `i += 1`).
const ValueDecl *HostInterp::steppedByOne(const Expr *inc) {
  const Expr *ie = inc ? inc->IgnoreParenImpCasts() : nullptr;
  if (const auto *u = dyn_cast_or_null<UnaryOperator>(ie); u && u->isIncrementOp())
    if (const auto *dr = dyn_cast<DeclRefExpr>(u->getSubExpr()->IgnoreParenImpCasts()))
      return dr->getDecl();
  if (const auto *ca = dyn_cast_or_null<CompoundAssignOperator>(ie); ca && ca->getOpcode() == BO_AddAssign)
    if (const auto *dr = dyn_cast<DeclRefExpr>(ca->getLHS()->IgnoreParenImpCasts()))
      if (constInt(ca->getRHS()) == std::optional<int64_t>(1))
        return dr->getDecl();
  return nullptr;
}

bool HostInterp::guardedUnroll(const Expr *c, const Expr *inc, const Stmt *body) {
  const ValueDecl *iv = steppedByOne(inc);
  if (!c || !iv)
    return false;
  BodyShape b;
  bodyShape(ctx, body, b, false, iv);
  topLevelWrites(ctx, body, b, iv);
  if (b.exits || b.arrayWritten == 0)
    return false;
  Sym pc0 = pc;
  std::vector<std::pair<Sym, std::map<Loc, HVal>>> exits; // the condition to go on, the state when not
  for (int64_t j = 0;; ++j) {
    Sym k = cond(c);
    if (isFalse(k))
      break;
    if (j == b.arrayWritten) {
      abortPath(k);
      break;
    }
    if (!isTrue(k)) {
      exits.emplace_back(k, state);
      pc = mkAnd(pc, k);
    }
    exec(body);
    stop = false;
    if (inc)
      eval(inc);
  }
  for (auto it = exits.rbegin(); it != exits.rend(); ++it)
    state = merge(it->first, state, it->second);
  pc = pc0;
  return true;
}

// The nodes of the integer values of `st`.
std::unordered_set<const SymNode *> HostInterp::nodesOf(const std::map<Loc, HVal> &st) {
  std::unordered_set<const SymNode *> seen;
  for (const auto &[l, v] : st)
    if (v.k == HVal::Int && v.s)
      addNodes(v.s.get(), seen);
  return seen;
}

// A term's size written out as a tree (shared nodes counted at each use),
// saturating past `limit`: what a walk that does not remember the nodes it
// has seen costs on it.
static uint64_t treeSize(const SymNode *n, uint64_t limit, std::unordered_map<const SymNode *, uint64_t> &memo) {
  if (auto it = memo.find(n); it != memo.end())
    return it->second;
  uint64_t t = 1;
  for (const Sym &a : n->args) {
    t += treeSize(a.get(), limit, memo);
    if (t > limit)
      break;
  }
  t = std::min<uint64_t>(t, limit + 1);
  memo[n] = t;
  return t;
}

// Whether the values that differ from `before` hold more than `limit` nodes
// that none of its values (`old`, its nodes) had, or one of them written out
// as a tree is larger than kMaxUnrolledTree.
bool HostInterp::grownPast(const std::map<Loc, HVal> &before, const std::unordered_set<const SymNode *> &old,
                           size_t limit) const {
  std::unordered_set<const SymNode *> seen;
  std::unordered_map<const SymNode *, uint64_t> sizes;
  std::vector<const SymNode *> todo;
  for (const auto &[l, v] : state) {
    if (v.k != HVal::Int || !v.s)
      continue;
    auto b = before.find(l);
    if (b != before.end() && b->second.k == HVal::Int && b->second.s.get() == v.s.get())
      continue;
    if (treeSize(v.s.get(), kMaxUnrolledTree, sizes) > kMaxUnrolledTree)
      return true;
    todo.push_back(v.s.get());
    while (!todo.empty()) {
      const SymNode *n = todo.back();
      todo.pop_back();
      if (old.count(n) || !seen.insert(n).second)
        continue;
      if (seen.size() > limit)
        return true;
      for (const Sym &a : n->args)
        todo.push_back(a.get());
    }
  }
  return false;
}

// A loop whose bound the path bounds (`for (i = 0; i < dimNum; ++i)` after
// `if (dimNum > 8) return GRAPH_FAILED;`): unrolled as the loops over
// constants are, each iteration where the condition still holds (a path
// where it fails has left the loop, as by a break), up to the bound found
// for the trip count (8, 16 or 25 more iterations: the condition with the
// counter advanced that far cannot hold on the path; 25 is a shape's
// largest rank). The counter must be the loop's own (declared in its init,
// stepped by one, not assigned in the body). Past the bound the condition
// is asked again as the iterations left it (the body may change what it
// reads); not ruled out, or the values grown past the limits, the loop is
// read as before this (its state restored).
bool HostInterp::boundedUnroll(const Stmt *init, const Expr *c, const Expr *inc, const Stmt *body) {
  const auto *ds = dyn_cast_or_null<DeclStmt>(init);
  const auto *iv = ds && ds->isSingleDecl() ? dyn_cast<VarDecl>(ds->getSingleDecl()) : nullptr;
  if (!c || !iv || steppedByOne(inc) != iv || !isInt(iv->getType()) || loopQuestions <= 0)
    return false;
  // The counter changed only by the step.
  std::function<bool(const Stmt *)> assigns = [&](const Stmt *s) -> bool {
    if (!s)
      return false;
    if (const auto *bo = dyn_cast<BinaryOperator>(s); bo && bo->isAssignmentOp() && namesVar(bo->getLHS(), iv))
      return true;
    if (const auto *u = dyn_cast<UnaryOperator>(s);
        u && (u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf) && namesVar(u->getSubExpr(), iv))
      return true;
    if (const auto *e = dyn_cast<Expr>(s); e && (isa<CallExpr>(e) || isa<CXXConstructExpr>(e)))
      for (const Stmt *a : e->children())
        if (const auto *ae = dyn_cast_or_null<Expr>(a); ae && namesVar(ae, iv) && ae->isLValue())
          return true; // passed by reference
    for (const Stmt *ch : s->children())
      if (assigns(ch))
        return true;
    return false;
  };
  if (assigns(body))
    return false;
  Loc counter = localLoc(iv);
  auto at = state.find(counter);
  if (at == state.end() || at->second.k != HVal::Int)
    return false;
  std::optional<int64_t> c0 = asConst(at->second.s);
  if (!c0)
    return false;
  IntType ct = typeOf(iv->getType());
  // The trip count's bound: the condition cannot hold with the counter
  // advanced by it (the state kept: the condition runs on a copy).
  int64_t trips = 0;
  Sym ruledOut; // the condition found impossible there
  for (int64_t k : {int64_t(8), int64_t(16), kMaxShapeRank}) {
    auto saved = state;
    state[counter] = intV(mkConst(*c0 + k, ct));
    Sym cond_k = cond(c);
    state = std::move(saved);
    if (ruledOutBy(cond_k, fullCond(), facts, loopQuestions, opts.deadline)) {
      trips = k;
      ruledOut = cond_k;
      break;
    }
  }
  if (trips == 0)
    return false;
  auto savedState = state;
  size_t returnsBefore = frame().returns.size(), launchesBefore = launches.size();
  Sym savedAborted = aborted;
  std::unordered_set<const SymNode *> oldNodes = nodesOf(savedState);
  UnrolledScope scope(unrolled);
  struct Depth {
    int &d;
    explicit Depth(int &d) : d(d) { ++d; }
    ~Depth() { --d; }
  } depth(boundedUnrolling);
  // Not this way after all: the state as before the loop.
  auto giveUp = [&] {
    state = std::move(savedState);
    frame().returns.resize(returnsBefore);
    launches.resize(launchesBefore);
    aborted = savedAborted;
    stop = false;
    stopByContinue = false;
    return false;
  };
  unrolled.push_back(Unrolled{frame().id, mkBool(true), mkBool(false)});
  for (int64_t j = 0;; ++j) {
    Sym k = cond(c);
    if (isFalse(k) || isTrue(unrolled.back().broke))
      break;
    if (j == trips) {
      // What the iterations left: the loop must have ended. The same
      // condition as the one ruled out needs no question: the path only
      // narrowed since (returns taken, iterations left).
      if (!structurallyEqual(k, ruledOut) &&
          !ruledOutBy(k, mkAnd(fullCond(), mkNot(unrolled.back().broke)), facts, loopQuestions, opts.deadline))
        return giveUp();
      break;
    }
    if (!isTrue(k))
      unrolled.back().broke = mkOr(unrolled.back().broke, mkNot(k));
    unrolled.back().live = mkNot(unrolled.back().broke);
    unrolled.back().cont = mkBool(true);
    exec(body);
    if (stop && !stopByContinue)
      break; // an unconditional break/return ends it
    stop = false;
    stopByContinue = false;
    // Values that grow with every iteration (an insertion sort over the
    // dimensions: each element a choice among all before it): read as
    // before this, the changed values opaque.
    if (grownPast(savedState, oldNodes, kMaxUnrolledNodes))
      return giveUp();
    // The step, on every path (a counter merged with its old value where
    // an earlier return was taken would index the next iteration's reads
    // by a choice, and each iteration's values would double).
    state[counter] = intV(mkConst(*c0 + j + 1, ct));
  }
  stop = false;
  stopByContinue = false;
  return true;
}

// A catch that ends the run without a launch: it throws (or rethrows: the
// exception leaves the host code), or, in the function the reader runs,
// returns a failure (a non-zero status; a direct launch's host function:
// any return, no launch follows it).
bool HostInterp::catchEndsRun(const CXXCatchStmt *h) {
  const auto *cs = dyn_cast_or_null<CompoundStmt>(h->getHandlerBlock());
  if (!cs || cs->body_empty())
    return false;
  std::function<bool(const Stmt *)> returns = [&](const Stmt *s) {
    if (!s)
      return false;
    if (isa<ReturnStmt>(s) || isa<BreakStmt>(s) || isa<ContinueStmt>(s) || isa<GotoStmt>(s))
      return true;
    for (const Stmt *c : s->children())
      if (returns(c))
        return true;
    return false;
  };
  for (const Stmt *s : cs->body())
    if (s != cs->body_back() && returns(s))
      return false;
  const Stmt *last = cs->body_back();
  if (const auto *e = dyn_cast<Expr>(last); e && isa<CXXThrowExpr>(e->IgnoreParenImpCasts()))
    return true;
  const auto *r = dyn_cast<ReturnStmt>(last);
  if (!r || frames.size() != 1)
    return false;
  if (launchKernel)
    return true;
  if (!r->getRetValue())
    return false;
  std::optional<int64_t> cv = constInt(r->getRetValue());
  return cv && *cv != 0;
}

namespace {

// The uses of a table: every reference to it reads an element
// (`t[k]`, `t.at(k)`, `t.count(k)`, `t.contains(k)`, size, empty) and no
// element is assigned.
class TableUses {
public:
  explicit TableUses(const VarDecl *vd) : vd(vd) {}
  const VarDecl *vd;
  unsigned refs = 0, reads = 0;
  bool written = false;
  bool isTable(const Expr *e) const {
    const auto *dr = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    return dr && dr->getDecl() == vd;
  }
  // `t[k]` or `t.at(k)`
  bool isElement(const Expr *e) const {
    e = e->IgnoreParenImpCasts();
    if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(e))
      return oc->getOperator() == OO_Subscript && oc->getNumArgs() == 2 && isTable(oc->getArg(0));
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e))
      return mc->getMethodDecl() && mc->getMethodDecl()->getNameAsString() == "at" &&
             isTable(mc->getImplicitObjectArgument());
    return false;
  }
  bool VisitDeclRefExpr(DeclRefExpr *d) {
    if (d->getDecl() == vd)
      ++refs;
    return true;
  }
  bool VisitCallExpr(CallExpr *ce) {
    if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(ce)) {
      if (oc->getOperator() == OO_Subscript && oc->getNumArgs() == 2 && isTable(oc->getArg(0)))
        ++reads;
      else if (oc->isAssignmentOp() && oc->getNumArgs() == 2 && isElement(oc->getArg(0)))
        written = true;
    } else if (const auto *mc = dyn_cast<CXXMemberCallExpr>(ce); mc && mc->getMethodDecl()) {
      static const std::set<std::string> kReads = {"at", "count", "contains", "size", "empty"};
      if (isTable(mc->getImplicitObjectArgument()) && kReads.count(mc->getMethodDecl()->getNameAsString()))
        ++reads;
    }
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *b) {
    if (b->isAssignmentOp() && isElement(b->getLHS()))
      written = true;
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *u) {
    if ((u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf) && isElement(u->getSubExpr()))
      written = true;
    return true;
  }
};

// The initialiser list a container is built from (through its constructor
// and std::initializer_list), or null.
const InitListExpr *containerInitList(const Expr *init) {
  for (int depth = 0; init && depth < 8; ++depth) {
    init = init->IgnoreImplicit();
    if (const auto *il = dyn_cast<InitListExpr>(init))
      return il;
    if (const auto *ce = dyn_cast<CXXConstructExpr>(init); ce && ce->getNumArgs() >= 1)
      init = ce->getArg(0);
    else if (const auto *sl = dyn_cast<CXXStdInitializerListExpr>(init))
      init = sl->getSubExpr();
    else
      return nullptr;
  }
  return nullptr;
}

// The (key, value) expressions of a table's initialiser list, empty when it
// is not one.
std::vector<std::pair<const Expr *, const Expr *>> tableEntries(const Expr *init) {
  std::vector<std::pair<const Expr *, const Expr *>> out;
  const InitListExpr *il = containerInitList(init);
  if (!il)
    return out;
  for (const Expr *e : il->inits()) {
    e = e->IgnoreImplicit();
    // The pair's constructor binds its arguments to temporaries.
    if (const auto *ce = dyn_cast<CXXConstructExpr>(e); ce && ce->getNumArgs() == 2)
      out.emplace_back(ce->getArg(0)->IgnoreImplicit(), ce->getArg(1)->IgnoreImplicit());
    else if (const auto *pl = dyn_cast<InitListExpr>(e); pl && pl->getNumInits() == 2)
      out.emplace_back(pl->getInit(0)->IgnoreImplicit(), pl->getInit(1)->IgnoreImplicit());
    else
      return {};
  }
  return out;
}

// The elements of a std::set / std::unordered_set's initialiser list
// (`{DT_FLOAT, DT_FLOAT16}`); empty when it is not one.
std::vector<const Expr *> setEntries(const Expr *init) {
  std::vector<const Expr *> out;
  if (const InitListExpr *il = containerInitList(init))
    for (const Expr *e : il->inits())
      out.push_back(e->IgnoreImplicit());
  return out;
}

} // namespace

bool HostInterp::neverChanged(const VarDecl *vd) {
  auto it = constTables.find(vd);
  if (it != constTables.end())
    return it->second;
  bool ok = vd->getType().isConstQualified();
  if (!ok && !vd->isExternallyVisible()) {
    TableUses u(vd);
    AstWalk w;
    w.stmt = [&](Stmt *s) {
      if (auto *d = dyn_cast<DeclRefExpr>(s))
        u.VisitDeclRefExpr(d);
      else if (auto *ce = dyn_cast<CallExpr>(s))
        u.VisitCallExpr(ce);
    };
    w.run(ctx.getTranslationUnitDecl());
    ok = !u.written && u.refs == u.reads;
  }
  constTables[vd] = ok;
  return ok;
}

// `TABLE[key]`, `TABLE.at(key)`, `TABLE.count(key)`, `TABLE.contains(key)` of
// a std::map / std::unordered_map at namespace scope with a constant
// initialiser list that nothing changes: the table's value for the key, as a
// choice among its entries by the key; for a key the reader has no value of
// (a string), a value among the table's values. `[]` of a missing key gives 0
// (the value it inserts), `at` of one throws (no launch follows).
bool HostInterp::mapLookup(const CallExpr *ce, const FunctionDecl *fd, HVal &out) {
  const auto *md = dyn_cast<CXXMethodDecl>(fd);
  if (!md || !md->getParent()->isInStdNamespace())
    return false;
  std::string cls = md->getParent()->getNameAsString(), n = fd->getNameAsString();
  if (cls != "map" && cls != "unordered_map")
    return false;
  const Expr *obj = nullptr, *key = nullptr;
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(ce)) {
    if (oc->getOperator() != OO_Subscript || ce->getNumArgs() != 2)
      return false;
    obj = ce->getArg(0);
    key = ce->getArg(1);
    n = "[]";
  } else if (const auto *mc = dyn_cast<CXXMemberCallExpr>(ce)) {
    if ((n != "at" && n != "count" && n != "contains") || ce->getNumArgs() != 1)
      return false;
    obj = mc->getImplicitObjectArgument();
    key = ce->getArg(0);
  } else {
    return false;
  }
  const auto *dr = dyn_cast<DeclRefExpr>(obj->IgnoreParenImpCasts());
  const auto *vd = dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
  if (!vd || vd->hasLocalStorage() || !vd->getInit())
    return false;
  auto entries = tableEntries(vd->getInit());
  if (entries.empty() || !neverChanged(vd))
    return false;
  bool member = n == "count" || n == "contains";
  QualType rt = ce->getType().getNonReferenceType();
  if (!isInt(rt))
    return false;
  IntType t = typeOf(rt);
  std::vector<std::pair<std::optional<int64_t>, Sym>> table; // key (when an integer), value
  for (auto &[k, v] : entries) {
    std::optional<int64_t> kc = isInt(k->getType()) ? constInt(k) : std::nullopt;
    std::optional<int64_t> vc = member ? std::optional<int64_t>(1) : constInt(v);
    if (!vc || (isInt(k->getType()) && !kc))
      return false;
    table.emplace_back(kc, mkCast(mkConst(*vc, typeOf(member ? rt : v->getType())), t));
  }
  Sym missing = mkConst(0, t); // `[]` inserts a value-initialised element; count/contains: 0
  HVal kv = eval(key);
  if (kv.k == HVal::Ref)
    kv = read(kv.ref);
  bool intKeys = std::all_of(table.begin(), table.end(), [](auto &e) { return e.first.has_value(); });
  if (intKeys && kv.k == HVal::Int && isInt(key->getType())) {
    Sym kx = toMath(kv.s);
    Sym none = mkBool(true);
    for (auto &e : table)
      none = mkAnd(none, mkCmp(SymOp::Ne, kx, mkConst(*e.first)));
    if (n == "at") {
      abortPath(none);
      missing = table.back().second;
    }
    Sym r = missing;
    for (auto it = table.rbegin(); it != table.rend(); ++it)
      r = mkSelect(mkCmp(SymOp::Eq, kx, mkConst(*it->first)), it->second, r);
    out = intV(r);
    return true;
  }
  // A key without a value here: one of the table's values (or 0).
  if (member) {
    out = intV(mkOpaque("a lookup by a key the host reader has no value of", t));
    return true;
  }
  std::string name = vd->getNameAsString() + "[" + text(key->getSourceRange()) + "]";
  if (vars.count(name))
    name += "#" + std::to_string(++tableLookups);
  Sym x = mkVar(name, t, VarRole::Input);
  vars[name] = x;
  Sym any = n == "[]" ? mkCmp(SymOp::Eq, toMath(x), toMath(missing)) : mkBool(false);
  for (auto &e : table)
    any = mkOr(any, mkCmp(SymOp::Eq, toMath(x), toMath(e.second)));
  facts.push_back(any);
  out = intV(x);
  return true;
}

// The constant table (a namespace-scope std::map / std::unordered_map with an
// initialiser list and no writes) `obj` names, or null.
const VarDecl *HostInterp::constTableOf(const Expr *obj) {
  const auto *dr = obj ? dyn_cast<DeclRefExpr>(obj->IgnoreParenImpCasts()) : nullptr;
  const auto *vd = dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
  if (!vd || vd->hasLocalStorage() || !vd->getInit())
    return nullptr;
  const CXXRecordDecl *rd = vd->getType()->getAsCXXRecordDecl();
  const bool set = rd && (rd->getName() == "set" || rd->getName() == "unordered_set");
  if ((set ? setEntries(vd->getInit()).empty() : tableEntries(vd->getInit()).empty()) || !neverChanged(vd))
    return nullptr;
  return vd;
}

// Iterators of a constant table: `auto it = TABLE.find(key); if (it !=
// TABLE.end()) x = it->second;` (ops-math's dtype tables; followed into
// libstdc++ the lookup is a hash-bucket loop the reader does not unroll).
// An iterator is an object with the lookup's outcome ("#found", false for
// end()) and the entry's key and value ("first", "second"); `->` and `*`
// give the object itself, == and != compare with end() by the outcome.
bool HostInterp::mapIterCall(const CallExpr *ce, const FunctionDecl *fd, int self,
                             const std::vector<const Expr *> &args, HVal &out) {
  const auto *md = dyn_cast<CXXMethodDecl>(fd);
  const DeclContext *dc = fd->getDeclContext();
  const auto *owner = dyn_cast<CXXRecordDecl>(dc);
  if (!inStd(fd))
    return false;
  auto isIter = [&](const HVal &v) { return v.k == HVal::Obj && v.obj >= 0 && state.count(Loc{v.obj, "#found"}); };
  auto objOf = [&](const Expr *e) {
    HVal v = eval(e);
    if (v.k == HVal::Ref)
      v = read(v.ref);
    return v;
  };
  const auto *oc = dyn_cast<CXXOperatorCallExpr>(ce);
  // it->second, (*it).second
  if (oc && (oc->getOperator() == OO_Arrow || oc->getOperator() == OO_Star) && md && self >= 0 && isIter(objV(self))) {
    out = objV(self);
    return true;
  }
  // it != TABLE.end(), it == TABLE.end()
  if (oc && (oc->getOperator() == OO_EqualEqual || oc->getOperator() == OO_ExclaimEqual)) {
    // Only when both sides are such iterators, seen without evaluating them
    // (the other comparisons evaluate their operands once, as written).
    auto tableIter = [&](const Expr *x) {
      x = x->IgnoreImplicit();
      if (const auto *ce = dyn_cast<CXXConstructExpr>(x); ce && ce->getNumArgs() == 1)
        x = ce->getArg(0)->IgnoreImplicit();
      if (const auto *dr = dyn_cast<DeclRefExpr>(x)) {
        const auto *vd = dyn_cast<VarDecl>(dr->getDecl());
        if (!vd || !vd->hasLocalStorage())
          return false;
        auto it = state.find(localLoc(vd));
        return it != state.end() && isIter(it->second);
      }
      const auto *mc = dyn_cast<CXXMemberCallExpr>(x);
      const CXXMethodDecl *m = mc ? mc->getMethodDecl() : nullptr;
      if (!m || !(m->getName() == "find" || m->getName() == "end" || m->getName() == "cend"))
        return false;
      llvm::StringRef cls = m->getParent()->getName();
      return (cls == "map" || cls == "unordered_map" || cls == "set" || cls == "unordered_set") &&
             constTableOf(mc->getImplicitObjectArgument());
    };
    const bool member = md && !md->isStatic();
    if (!(member ? tableIter(ce->getArg(0)) && args.size() == 1 && tableIter(args[0])
                 : args.size() == 2 && tableIter(args[0]) && tableIter(args[1])))
      return false;
    HVal a, b;
    if (md && self >= 0 && args.size() == 1) {
      a = objV(self);
      b = objOf(args[0]);
    } else if (!md && args.size() == 2) {
      a = objOf(args[0]);
      b = objOf(args[1]);
    } else {
      return false;
    }
    if (!isIter(a) || !isIter(b))
      return false;
    bool aEnd = state.count(Loc{a.obj, "#end"}), bEnd = state.count(Loc{b.obj, "#end"});
    Sym eq;
    if (aEnd && bEnd)
      eq = mkBool(true);
    else if (aEnd || bEnd)
      eq = mkNot(read(Loc{aEnd ? b.obj : a.obj, "#found"}).s);
    else
      eq = mkOpaque("two table lookups compared", IntType::boolean());
    out = intV(oc->getOperator() == OO_EqualEqual ? eq : mkNot(eq));
    return true;
  }
  // TABLE.find(key), TABLE.end(); a set's count(key) and contains(key)
  const bool isSet = owner && (owner->getName() == "set" || owner->getName() == "unordered_set");
  if (!md || !owner || (owner->getName() != "map" && owner->getName() != "unordered_map" && !isSet))
    return false;
  std::string n = fd->getNameAsString();
  const auto *mc = dyn_cast<CXXMemberCallExpr>(ce);
  const bool member = isSet && (n == "count" || n == "contains") && args.size() == 1;
  if (!mc || !((n == "find" && args.size() == 1) || ((n == "end" || n == "cend") && args.empty()) || member))
    return false;
  const VarDecl *vd = constTableOf(mc->getImplicitObjectArgument());
  if (!vd)
    return false;
  if (isSet) {
    // A set: whether the key is one of its elements.
    std::vector<std::optional<int64_t>> elems;
    for (const Expr *e : setEntries(vd->getInit()))
      elems.push_back(isInt(e->getType()) ? constInt(e) : std::nullopt);
    if (elems.empty())
      return false;
    Sym found;
    if (n == "end" || n == "cend") {
      found = mkBool(false);
    } else {
      HVal kv = eval(args[0]);
      if (kv.k == HVal::Ref)
        kv = read(kv.ref);
      bool intKeys =
          isInt(args[0]->getType()) && std::all_of(elems.begin(), elems.end(), [](auto &e) { return e.has_value(); });
      if (intKeys && kv.k == HVal::Int) {
        Sym kx = toMath(kv.s);
        found = mkBool(false);
        for (auto &e : elems)
          found = mkOr(found, mkCmp(SymOp::Eq, kx, mkConst(*e)));
      } else {
        std::string name = vd->getNameAsString() + "." + n + "(" + text(args[0]->getSourceRange()) + ")";
        if (vars.count(name))
          name += "#" + std::to_string(++tableLookups);
        found = mkVar(name, IntType::boolean(), VarRole::Input);
        vars[name] = found;
      }
    }
    if (member) {
      QualType rt = ce->getType();
      out = intV(isInt(rt) ? mkCast(mkSelect(found, mkConst(1), mkConst(0)), typeOf(rt)) : found);
      return true;
    }
    int o = newObj(OK::User, "", ce->getType()->getAsCXXRecordDecl());
    state[Loc{o, "#found"}] = intV(found);
    if (n != "find")
      state[Loc{o, "#end"}] = intV(mkBool(true));
    out = objV(o);
    return true;
  }
  int o = newObj(OK::User, "", ce->getType()->getAsCXXRecordDecl());
  if (n != "find") {
    state[Loc{o, "#found"}] = intV(mkBool(false));
    state[Loc{o, "#end"}] = intV(mkBool(true));
    state[Loc{o, "first"}] = noneV("the key of a table's end()");
    state[Loc{o, "second"}] = noneV("the value of a table's end()");
    out = objV(o);
    return true;
  }
  const Expr *key = args[0];
  std::vector<std::pair<std::optional<int64_t>, std::optional<int64_t>>> table; // key, value (integers)
  bool intKeys = isInt(key->getType());
  const auto entries = tableEntries(vd->getInit()); // not empty (constTableOf)
  for (auto &[k, v] : entries)
    table.emplace_back(isInt(k->getType()) ? constInt(k) : std::nullopt,
                       isInt(v->getType()) ? constInt(v) : std::nullopt);
  QualType vt = entries.front().second->getType();
  bool intValues = isInt(vt) && std::all_of(table.begin(), table.end(), [](auto &e) { return e.second.has_value(); });
  intKeys = intKeys && std::all_of(table.begin(), table.end(), [](auto &e) { return e.first.has_value(); });
  HVal kv = eval(key);
  if (kv.k == HVal::Ref)
    kv = read(kv.ref);
  std::string name = vd->getNameAsString() + ".find(" + text(key->getSourceRange()) + ")";
  if (intKeys && kv.k == HVal::Int) {
    Sym kx = toMath(kv.s);
    Sym found = mkBool(false);
    for (auto &e : table)
      found = mkOr(found, mkCmp(SymOp::Eq, kx, mkConst(*e.first)));
    state[Loc{o, "#found"}] = intV(found);
    state[Loc{o, "first"}] = intV(mkCast(kv.s, typeOf(key->getType())));
    if (intValues) {
      IntType t = typeOf(vt);
      // Not found: the value is never read on a path that checks (the last
      // entry's stands for it, as `at` does).
      Sym r = mkConst(*table.back().second, t);
      for (auto it = table.rbegin(); it != table.rend(); ++it)
        r = mkSelect(mkCmp(SymOp::Eq, kx, mkConst(*it->first)), mkConst(*it->second, t), r);
      state[Loc{o, "second"}] = intV(r);
    } else {
      state[Loc{o, "second"}] = noneV("a table value that is not an integer constant");
    }
    out = objV(o);
    return true;
  }
  // A key without an integer value here (a string): whether it is found,
  // and which value, are the host's inputs (one of the table's values).
  if (vars.count(name))
    name += "#" + std::to_string(++tableLookups);
  Sym found = mkVar(name + ".found", IntType::boolean(), VarRole::Input);
  vars[name + ".found"] = found;
  state[Loc{o, "#found"}] = intV(found);
  state[Loc{o, "first"}] = noneV("the key of a table lookup by a key the reader has no value of");
  if (intValues) {
    IntType t = typeOf(vt);
    Sym x = mkVar(name, t, VarRole::Input);
    vars[name] = x;
    Sym any = mkBool(false);
    for (auto &e : table)
      any = mkOr(any, mkCmp(SymOp::Eq, toMath(x), mkConst(*e.second)));
    facts.push_back(any);
    state[Loc{o, "second"}] = intV(x);
  } else {
    state[Loc{o, "second"}] = noneV("a table value that is not an integer constant");
  }
  out = objV(o);
  return true;
}

void HostInterp::exec(const Stmt *s) {
  if (!s || stop)
    return;
  step(s->getBeginLoc());
  switch (s->getStmtClass()) {
  case Stmt::CompoundStmtClass: {
    const auto *cs = cast<CompoundStmt>(s);
    SourceLocation prev = cs->getLBracLoc();
    for (const Stmt *c : cs->body()) {
      if (stop)
        break;
      if (lenient) {
        droppedCode(prev, c->getBeginLoc());
        prev = c->getEndLoc();
      }
      exec(c);
    }
    if (lenient && !stop)
      droppedCode(prev, cs->getRBracLoc());
    return;
  }
  case Stmt::DeclStmtClass:
    for (const Decl *d : cast<DeclStmt>(s)->decls())
      if (const auto *vd = dyn_cast<VarDecl>(d))
        declare(vd);
    return;
  case Stmt::IfStmtClass:
    execIf(cast<IfStmt>(s));
    return;
  case Stmt::ReturnStmtClass:
    returnFrom(cast<ReturnStmt>(s));
    return;
  case Stmt::DoStmtClass: {
    const auto *d = cast<DoStmt>(s);
    // do { ... } while (0): the macros' wrapper.
    if (isFalse(cond(d->getCond()))) {
      exec(d->getBody()); // do { ... } while (0): the macros' wrapper
      return;
    }
    execLoop(s, nullptr, d->getCond(), nullptr, d->getBody());
    return;
  }
  case Stmt::ForStmtClass: {
    const auto *f = cast<ForStmt>(s);
    execLoop(s, f->getInit(), f->getCond(), f->getInc(), f->getBody());
    stop = false;
    return;
  }
  case Stmt::WhileStmtClass: {
    const auto *w = cast<WhileStmt>(s);
    execLoop(s, nullptr, w->getCond(), nullptr, w->getBody());
    stop = false;
    return;
  }
  case Stmt::CXXForRangeStmtClass:
    execLoop(s, nullptr, nullptr, nullptr, cast<CXXForRangeStmt>(s)->getBody());
    stop = false;
    return;
  case Stmt::SwitchStmtClass:
    execSwitch(cast<SwitchStmt>(s));
    return;
  case Stmt::BreakStmtClass:
  case Stmt::ContinueStmtClass:
    if (!dry) {
      // In a loop being unrolled (of this function): the iteration ends
      // where the path condition holds; a break also ends the loop there.
      if (unrolled.empty() || unrolled.back().frame != frame().id)
        fail("break/continue outside a loop the host reader unrolls", s->getBeginLoc());
      Unrolled &u = unrolled.back();
      if (isa<BreakStmt>(s))
        u.broke = mkOr(u.broke, mkAnd(pc, u.cont));
      u.live = mkAnd(u.live, mkNot(pc));
      u.cont = mkAnd(u.cont, mkNot(pc));
      stopByContinue = isa<ContinueStmt>(s);
    }
    stop = true;
    return;
  case Stmt::NullStmtClass:
    return;
  case Stmt::CXXTryStmtClass: {
    // The body runs as straight-line code when every catch ends the run
    // without a launch: an exception is then a path the contract excludes.
    const auto *ts = cast<CXXTryStmt>(s);
    for (unsigned i = 0; i < ts->getNumHandlers(); ++i)
      if (!catchEndsRun(ts->getHandler(i)))
        fail("a catch that may go on with the host code (neither a rethrow nor a failure return)",
             ts->getHandler(i)->getBeginLoc());
    exec(ts->getTryBlock());
    return;
  }
  default:
    if (const auto *e = dyn_cast<Expr>(s)) {
      eval(e);
      return;
    }
    fail(std::string("a statement the host reader does not model (") + s->getStmtClassName() + ")", s->getBeginLoc());
  }
}

// ---------------------------------------------------------------- direct launches

namespace {

// The index of the bracket closing the one at `open` (same kind), or npos.
size_t matchBracket(const std::string &t, size_t open) {
  char o = t[open], c = o == '(' ? ')' : o == '<' ? '>' : o == '[' ? ']' : '}';
  int depth = 0;
  for (size_t i = open; i < t.size(); ++i) {
    if (t[i] == o)
      ++depth;
    else if (t[i] == c && --depth == 0)
      return i;
  }
  return std::string::npos;
}

size_t skipSpace(const std::string &t, size_t i) {
  while (i < t.size() && isspace(static_cast<unsigned char>(t[i])))
    ++i;
  return i;
}

std::vector<std::string> splitTopLevel(const std::string &t) {
  std::vector<std::string> out;
  int depth = 0;
  std::string cur;
  for (char c : t) {
    if (c == '(' || c == '[' || c == '{' || c == '<')
      ++depth;
    else if (c == ')' || c == ']' || c == '}' || c == '>')
      --depth;
    if (c == ',' && depth == 0) {
      out.push_back(cur);
      cur.clear();
      continue;
    }
    cur += c;
  }
  if (!llvm::StringRef(cur).trim().empty() || !out.empty())
    out.push_back(cur);
  for (std::string &a : out)
    a = llvm::StringRef(a).trim().str();
  return out;
}

} // namespace

// A launch in rewritten text: `(__alint_launch(cfg), name)(args)`.
struct TextLaunch {
  size_t begin = 0, end = 0; // [begin, end) of the launch
  std::string kernel;        // the callee's last name component
  std::vector<std::string> cfg, args;
};

std::vector<TextLaunch> findTextLaunches(const std::string &t) {
  std::vector<TextLaunch> out;
  const std::string mark = "(__alint_launch(";
  for (size_t p = t.find(mark); p != std::string::npos; p = t.find(mark, p + 1)) {
    TextLaunch l;
    l.begin = p;
    size_t open = p + mark.size() - 1;
    size_t close = matchBracket(t, open);
    if (close == std::string::npos)
      continue;
    l.cfg = splitTopLevel(t.substr(open + 1, close - open - 1));
    size_t q = skipSpace(t, close + 1);
    if (q >= t.size() || t[q] != ',')
      continue;
    q = skipSpace(t, q + 1);
    size_t nameBegin = q;
    while (q < t.size() && (isalnum(static_cast<unsigned char>(t[q])) || t[q] == '_' || t[q] == ':'))
      ++q;
    std::string name = t.substr(nameBegin, q - nameBegin);
    if (size_t c = name.rfind(':'); c != std::string::npos)
      name = name.substr(c + 1);
    q = skipSpace(t, q);
    if (q < t.size() && t[q] == '<') {
      q = matchBracket(t, q);
      if (q == std::string::npos)
        continue;
      q = skipSpace(t, q + 1);
    }
    if (q >= t.size() || t[q] != ')')
      continue;
    q = skipSpace(t, q + 1);
    if (q >= t.size() || t[q] != '(')
      continue;
    size_t argsClose = matchBracket(t, q);
    if (argsClose == std::string::npos)
      continue;
    l.kernel = name;
    l.args = splitTopLevel(t.substr(q + 1, argsClose - q - 1));
    l.end = argsClose + 1;
    out.push_back(l);
  }
  return out;
}

std::string rewriteLaunches(const std::string &src) {
  // `K<<<cfg>>>(args)` -> `(__alint_launch(cfg), K)(args)`: C++ the host
  // reader parses, with the block count kept (lines stay where they were).
  std::string t = src;
  std::vector<size_t> starts;
  for (size_t p = t.find("<<<"); p != std::string::npos; p = t.find("<<<", p + 3))
    starts.push_back(p);
  for (auto it = starts.rbegin(); it != starts.rend(); ++it) {
    size_t pos = *it;
    std::optional<size_t> end = fe::launchConfigEnd(t, pos);
    if (!end)
      continue;
    size_t i = *end;
    // The callee: a (qualified) name, possibly with template arguments.
    size_t b = pos;
    while (b > 0 && isspace(static_cast<unsigned char>(t[b - 1])))
      --b;
    if (b > 0 && t[b - 1] == '>') {
      int d = 0;
      size_t k = b;
      while (k > 0) {
        --k;
        if (t[k] == '>')
          ++d;
        else if (t[k] == '<' && --d == 0)
          break;
      }
      if (d != 0)
        continue;
      b = k;
    }
    while (b > 0 && (isalnum(static_cast<unsigned char>(t[b - 1])) || t[b - 1] == '_' || t[b - 1] == ':'))
      --b;
    std::string callee = t.substr(b, pos - b);
    std::string cfg = t.substr(pos + 3, i - pos - 3);
    t = t.substr(0, b) + "(__alint_launch(" + cfg + "), " + callee + ")" + t.substr(i + 3);
  }
  return t;
}

std::string HostInterp::text(SourceRange r) const {
  CharSourceRange cr = sm.getExpansionRange(r);
  return Lexer::getSourceText(cr, sm, ctx.getLangOpts()).str();
}

std::vector<Loc> HostInterp::localsNamed(const std::string &name) {
  std::vector<Loc> out;
  for (auto &[l, v] : state)
    if (l.obj == -localsId()) {
      auto it = localNames.find(l.key);
      if (it != localNames.end() && it->second->getIdentifier() && it->second->getIdentifier()->getName() == name)
        out.push_back(l);
    }
  return out;
}

std::optional<Loc> HostInterp::findLocal(const std::string &name) {
  std::vector<Loc> ls = localsNamed(name);
  if (ls.size() != 1)
    return std::nullopt;
  return ls[0];
}

void HostInterp::havocLocal(const Loc &l, const std::string &why) {
  auto it = state.find(l);
  if (it == state.end())
    return;
  HVal &v = it->second;
  if (v.k == HVal::Int)
    v = intV(mkOpaque(why, v.s->type));
  else if (v.k == HVal::Obj && objs[v.obj].kind == OK::User)
    setAllFields(v.obj, objs[v.obj].rec, "",
                 [&](QualType ft) { return isInt(ft) ? intV(mkOpaque(why, typeOf(ft))) : noneV(why); });
  else if (v.k == HVal::Ref)
    havocLocal(v.ref, why);
  else if (v.k != HVal::Obj)
    v = noneV(why);
}

// Every location of object o, and of the objects it holds, becomes unknown.
void HostInterp::havocObject(int o, const std::string &why, int depth) {
  if (depth > 8)
    return;
  for (auto &[l, v] : state) {
    if (l.obj != o)
      continue;
    if (v.k == HVal::Int)
      v = intV(mkOpaque(why, v.s->type));
    else if (v.k == HVal::Obj && v.obj != o && v.obj >= 0 && objs[v.obj].kind == OK::User)
      havocObject(v.obj, why, depth + 1);
  }
}

// An assignment to a location lvalue() cannot name: an element of an array
// of arrays by computed indices (`crops[i / 2][i % 2] = v`), a member of a
// struct value the reader has no object for (`input_.pad = 0` after a call
// it does not follow set input_). Going out from the location through value
// steps only (`.member`, `[index]` of an array, never a pointer): the
// nearest enclosing object becomes unknown, all of it; where the enclosing
// value is not an object the reader follows (and no computed index was
// passed), nothing in it is read back as known, and the write is dropped.
// False where neither holds (through a pointer: the write may land in any
// object).
// Whether `e` names storage through value steps only, from a local or
// parameter held by value, a reference the reader resolved, `this`, or a
// pointer it resolved to an object it holds (members and array elements of
// them, at any index).
bool HostInterp::unmodelledStorage(const Expr *e) {
  for (int depth = 0; depth < 16; ++depth) {
    e = e->IgnoreParenImpCasts();
    if (const auto *dr = dyn_cast<DeclRefExpr>(e)) {
      const auto *vd = dyn_cast<VarDecl>(dr->getDecl());
      if (!vd || !vd->hasLocalStorage())
        return false;
      if (!vd->getType()->isReferenceType())
        return true;
      auto it = state.find(localLoc(vd));
      return (it != state.end() && it->second.k == HVal::Ref) || unmodelledRefs.count(localLoc(vd));
    }
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      const Expr *b = me->getBase()->IgnoreParenImpCasts();
      if (me->isArrow()) {
        if (isa<CXXThisExpr>(b))
          return true;
        // A variable or member holding a pointer the reader resolved to an
        // object it holds (`tiling->shapes[i][d]`, the tiling data): the
        // member is that object's.
        if (!isa<DeclRefExpr>(b) && !isa<MemberExpr>(b))
          return false;
        HVal p = eval(b);
        if (p.k == HVal::Ref)
          p = read(p.ref);
        return p.k == HVal::Obj && p.obj >= 0;
      }
      e = b;
      continue;
    }
    if (const auto *as = dyn_cast<ArraySubscriptExpr>(e)) {
      // An element of an array (not of a pointer): it lies within the
      // array, whatever the index (past it the host's behaviour is
      // undefined, which the reader does not model anywhere).
      const auto *ic = dyn_cast<ImplicitCastExpr>(as->getBase()->IgnoreParens());
      if (!ic || ic->getCastKind() != CK_ArrayToPointerDecay)
        return false;
      e = ic->getSubExpr();
      continue;
    }
    return false;
  }
  return false;
}

bool HostInterp::unfollowedWrite(const Expr *lhs, const std::string &why) {
  // Only in the operator's own code: the standard library's internals (tree
  // and hash nodes) are not objects the reader models; there it stops as
  // before.
  if (!frames.empty() && frame().fn && inStd(frame().fn))
    return false;
  const Expr *e = lhs->IgnoreParenImpCasts();
  for (int depth = 0; depth < 16; ++depth) {
    const Expr *base = nullptr;
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      if (me->isArrow())
        return false;
      base = me->getBase()->IgnoreParens();
    } else if (const auto *as = dyn_cast<ArraySubscriptExpr>(e)) {
      base = as->getBase()->IgnoreParens();
      if (const auto *ic = dyn_cast<ImplicitCastExpr>(base); ic && ic->getCastKind() == CK_ArrayToPointerDecay)
        base = ic->getSubExpr()->IgnoreParens();
      else
        return false; // a pointer subscripted
    } else if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(e);
               oc && oc->getOperator() == OO_Subscript && oc->getNumArgs() == 2 &&
               oc->getArg(0)->getType()->getAsCXXRecordDecl() &&
               oc->getArg(0)->getType()->getAsCXXRecordDecl()->getName() == "array" &&
               oc->getArg(0)->getType()->getAsCXXRecordDecl()->isInStdNamespace()) {
      // A std::array element (`abInfo[idx] = ...`: ops-math expand): the
      // array is the object to make unknown (or storage it does not hold).
      base = oc->getArg(0)->IgnoreParens();
    } else {
      return false;
    }
    HVal b = eval(base);
    if (b.k == HVal::Ref)
      b = read(b.ref);
    if (b.k == HVal::Obj && b.obj >= 0) {
      if (objs[b.obj].kind != OK::User)
        return false;
      havocObject(b.obj, why);
      return true;
    }
    // Storage the reader holds no object for, named through value steps
    // only (a variable, a reference it resolved, the members of `this` or
    // of an object a pointer resolves to, array elements): its reads are
    // unknown whatever is written, so the write is dropped. A None reached
    // through a pointer the reader did not resolve, an unresolved reference
    // or a pointer subscripted is not that: the storage may be an object
    // the reader follows (go out, or stop).
    if (b.k == HVal::None && unmodelledStorage(base))
      return true;
    if (b.k != HVal::None)
      return false;
    e = base->IgnoreImpCasts();
  }
  return false;
}

void HostInterp::havocNamed(const std::string &t, const std::string &why, const std::set<std::string> &except) {
  static const std::regex ident(R"re([A-Za-z_]\w*)re");
  std::set<std::string> names;
  for (auto it = std::sregex_iterator(t.begin(), t.end(), ident); it != std::sregex_iterator(); ++it)
    names.insert((*it)[0]);
  for (const std::string &n : names)
    if (!except.count(n))
      for (const Loc &l : localsNamed(n))
        havocLocal(l, why);
}

// The arguments an unresolved call could write: locals passed directly (by
// reference, possibly), by address, or as the object of a member call.
void HostInterp::havocWritableArgs(const Expr *e, const std::string &why) {
  for (const Stmt *c : e->children()) {
    const auto *x = dyn_cast_or_null<Expr>(c);
    if (!x)
      continue;
    x = x->IgnoreParenImpCasts();
    if (const auto *u = dyn_cast<UnaryOperator>(x); u && u->getOpcode() == UO_AddrOf)
      x = u->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *dr = dyn_cast<DeclRefExpr>(x)) {
      if (const auto *vd = dyn_cast<VarDecl>(dr->getDecl()); vd && vd->hasLocalStorage()) {
        Loc l = localLoc(vd);
        if (auto it = state.find(l); it != state.end() && it->second.k == HVal::Ref)
          havocLocal(it->second.ref, why);
        else
          havocLocal(l, why);
      }
      continue;
    }
    if (isa<RecoveryExpr>(x) || isa<CallExpr>(x) || isa<CXXDependentScopeMemberExpr>(x) || isa<MemberExpr>(x) ||
        isa<ParenListExpr>(x) || isa<CXXUnresolvedConstructExpr>(x))
      havocWritableArgs(x, why);
  }
}

// Text between two statements of a block that is not blank: code Clang
// dropped (it did not compile). A launch of the kernel in it is read from its
// text when its arguments are plain names or literals; every other local it
// names may have been written there.
void HostInterp::droppedCode(SourceLocation from, SourceLocation to) {
  // A statement from a macro ends where the macro's invocation ends.
  SourceLocation a = sm.getExpansionRange(from).getEnd(), b = sm.getExpansionRange(to).getBegin();
  if (a.isInvalid() || b.isInvalid() || sm.getFileID(a) != sm.getFileID(b))
    return;
  a = Lexer::getLocForEndOfToken(a, 0, sm, ctx.getLangOpts());
  unsigned oa = sm.getFileOffset(a), ob = sm.getFileOffset(b);
  if (oa >= ob)
    return;
  std::string t = Lexer::getSourceText(CharSourceRange::getCharRange(a, b), sm, ctx.getLangOpts()).str();
  // Comments, blanks and semicolons are no code.
  std::string code;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t.compare(i, 2, "//") == 0) {
      i = t.find('\n', i);
      if (i == std::string::npos)
        break;
      continue;
    }
    if (t.compare(i, 2, "/*") == 0) {
      i = t.find("*/", i + 2);
      if (i == std::string::npos)
        break;
      ++i;
      continue;
    }
    code += t[i];
  }
  if (llvm::StringRef(code).find_first_not_of(" \t\r\n;") == llvm::StringRef::npos)
    return;
  std::string why = "named in code that does not compile" + where(from);
  std::vector<TextLaunch> ls;
  std::string rest = code;
  if (launchKernel)
    for (const TextLaunch &l : findTextLaunches(code))
      if (l.kernel == launchKernel->getNameAsString()) {
        ls.push_back(l);
        for (size_t i = l.begin; i < l.end; ++i)
          rest[i] = ' ';
      }
  havocNamed(rest, why);
  for (const TextLaunch &l : ls) {
    auto value = [&](const std::string &x) -> HVal {
      static const std::regex name(R"re([A-Za-z_]\w*)re"), number(R"re(\d+[uUlL]*)re");
      if (std::regex_match(x, number))
        return intV(mkConst(std::stoll(x), IntType::i64()));
      if (!std::regex_match(x, name))
        return noneV("an argument in code that does not compile");
      auto loc = findLocal(x);
      if (!loc)
        return noneV("'" + x + "' in code that does not compile");
      // The dropped code may run later (in a lambda): only a value the
      // function does not name again after it is known.
      const FunctionDecl *fn = frames.front().fn;
      if (fn) {
        std::string after = text(SourceRange(to, fn->getEndLoc()));
        if (std::regex_search(after, std::regex("\\b" + x + "\\b")))
          return noneV("'" + x + "' is named again after the launch");
      }
      HVal v = read(*loc);
      return v.k == HVal::Ref ? read(v.ref) : v;
    };
    std::vector<HVal> vals;
    for (const std::string &x : l.args)
      vals.push_back(value(x));
    recordLaunch(launchKernel, l.cfg.empty() ? noneV("no block count") : value(l.cfg[0]), vals, from);
  }
}

HVal HostInterp::launch(const std::vector<const Expr *> &cfg, const FunctionDecl *k,
                        const std::vector<const Expr *> &args, SourceLocation l) {
  HVal blocks;
  for (size_t i = 0; i < cfg.size(); ++i) {
    HVal v = eval(cfg[i]);
    if (i == 0)
      blocks = v.k == HVal::Ref ? read(v.ref) : v;
  }
  std::vector<HVal> vals;
  for (const Expr *a : args) {
    HVal v = eval(a);
    vals.push_back(v.k == HVal::Ref ? read(v.ref) : v);
  }
  if (launchKernel && k->getNameAsString() == launchKernel->getNameAsString())
    recordLaunch(launchKernel, blocks, vals, l);
  return HVal();
}

void HostInterp::recordLaunch(const FunctionDecl *k, const HVal &blocks, const std::vector<HVal> &vals,
                              SourceLocation l) {
  if (dry)
    fail("a launch inside a loop the host reader does not unroll", l);
  const FunctionDecl *def = k->getDefinition() ? k->getDefinition() : k;
  LaunchRec r;
  r.kernel = def;
  r.cond = fullCond();
  r.blocks = blocks;
  for (unsigned i = 0; i < def->getNumParams() && i < vals.size(); ++i) {
    const ParmVarDecl *p = def->getParamDecl(i);
    HVal v = vals[i];
    if (isInt(p->getType()))
      v = intV(asSym(v, p->getType(), "argument '" + p->getNameAsString() + "'"));
    else if (v.k == HVal::Obj && objs[v.obj].kind == OK::User)
      v = objV(clone(v.obj)); // by value: what it holds now
    r.args.push_back({p->getNameAsString(), v});
  }
  launches.push_back(r);
}

namespace {
// Whether `body` may write `vd`: a use that is not a plain read.
bool mayWrite(const Stmt *body, const VarDecl *vd) {
  unsigned refs = 0, reads = 0;
  AstWalk w;
  w.stmt = [&](Stmt *s) {
    if (const auto *dr = dyn_cast<DeclRefExpr>(s))
      refs += dr->getDecl() == vd;
    else if (const auto *ic = dyn_cast<ImplicitCastExpr>(s); ic && ic->getCastKind() == CK_LValueToRValue)
      if (const auto *dr = dyn_cast<DeclRefExpr>(ic->getSubExpr()->IgnoreParens()); dr && dr->getDecl() == vd)
        ++reads;
  };
  w.run(const_cast<Stmt *>(body));
  return refs != reads;
}
} // namespace

// A lambda whose text names the launched kernel is run where it is created
// (it launches when called; what it captures by copy is what it sees then).
// A captured-by-reference local the lambda writes, or that the function names
// again after it, is unknown from then on; so is every by-reference capture
// of a lambda that is not run in place.
HVal HostInterp::lambdaInPlace(const LambdaExpr *le) {
  bool inPlace = launchKernel && !le->isMutable() &&
                 text(le->getSourceRange()).find(launchKernel->getNameAsString()) != std::string::npos;
  const FunctionDecl *fn = frames.front().fn;
  std::string after = fn && inPlace ? text(SourceRange(le->getEndLoc(), fn->getEndLoc())) : "";
  for (const LambdaCapture &c : le->captures()) {
    if (!c.capturesVariable() || c.getCaptureKind() != LCK_ByRef)
      continue;
    const auto *vd = dyn_cast<VarDecl>(c.getCapturedVar());
    if (!vd || !vd->hasLocalStorage())
      continue;
    if (!inPlace || mayWrite(le->getBody(), vd) ||
        std::regex_search(after.substr(std::min(after.size(), size_t(1))),
                          std::regex("\\b" + vd->getNameAsString() + "\\b")))
      escaped.insert(localLoc(vd));
  }
  if (!inPlace)
    return noneV("a lambda");
  Frame f{nextFrame++, {}, frame().thisObj};
  f.localsId = localsId();
  f.fn = frame().fn;
  outerConds.push_back(mkAnd(pc, alive()));
  Sym savedPc = pc;
  bool savedStop = stop;
  pc = mkBool(true);
  stop = false;
  frames.push_back(f);
  exec(le->getBody());
  int64_t id = frames.back().id;
  frames.pop_back();
  state.erase(Loc{-id, "alive"});
  pc = savedPc;
  stop = savedStop;
  outerConds.pop_back();
  return noneV("a lambda (read in place for the launch it makes)");
}

// std::make_tuple / std::tie / std::get and the tuple assignment that
// `std::tie(a, b) = f()` makes; std::min / std::max of integers. (The
// library's own definitions are templates the reader does not follow.)
bool HostInterp::stdCall(const CallExpr *ce, const FunctionDecl *fd, int self, const std::vector<const Expr *> &args,
                         HVal &out) {
  if (!fd->isInStdNamespace() &&
      !(fd->getDeclContext()->isRecord() && cast<RecordDecl>(fd->getDeclContext())->isInStdNamespace()))
    return false;
  std::string n = fd->getNameAsString();
  QualType rt = ce->getType();
  if (isVectorElement(ce)) {
    // The elements of a std::vector are not followed (its storage is a
    // pointer the reader has no object for): each read is unknown, and so
    // writes to them can be dropped (assignments, below in eval).
    for (const Expr *a : args)
      eval(a);
    QualType et = rt.getNonReferenceType();
    if (isInt(et))
      return out = intV(mkOpaque("an element of a std::vector (not followed)", typeOf(et))), true;
    return out = noneV("an element of a std::vector (not followed)"), true;
  }
  if ((n == "min" || n == "max") && args.size() == 2 && isInt(rt)) {
    Sym a = asSym(eval(args[0]), args[0]->getType(), "operand");
    Sym b = asSym(eval(args[1]), args[1]->getType(), "operand");
    IntType t = typeOf(rt);
    a = mkCast(a, t);
    b = mkCast(b, t);
    // std::min returns b only when b < a; std::max returns b only when a < b.
    out = intV(n == "min" ? mkSelect(mkCmp(SymOp::Lt, b, a), b, a) : mkSelect(mkCmp(SymOp::Lt, a, b), b, a));
    return true;
  }
  if (n == "make_tuple" || n == "tie" || n == "forward_as_tuple") {
    int o = newObj(OK::User, "", rt->getAsCXXRecordDecl());
    for (size_t i = 0; i < args.size(); ++i) {
      Loc key{o, "[" + std::to_string(i) + "]"};
      if (n == "make_tuple") {
        HVal v = eval(args[i]);
        state[key] = v.k == HVal::Ref ? read(v.ref) : v;
      } else if (auto l = lvalue(args[i])) {
        HVal r;
        r.k = HVal::Ref;
        r.ref = *l;
        state[key] = r;
      } else {
        state[key] = noneV("a tuple element the reader does not follow");
      }
    }
    out = objV(o);
    return true;
  }
  if (n == "get" && args.size() == 1) {
    const TemplateArgumentList *ta = fd->getTemplateSpecializationArgs();
    if (!ta || ta->size() < 1 || ta->get(0).getKind() != TemplateArgument::Integral)
      return false;
    HVal t = eval(args[0]);
    if (t.k == HVal::Ref)
      t = read(t.ref);
    if (t.k != HVal::Obj)
      return false;
    HVal v = read(Loc{t.obj, "[" + std::to_string(ta->get(0).getAsIntegral().getExtValue()) + "]"});
    out = v.k == HVal::Ref ? read(v.ref) : v;
    return true;
  }
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(ce); oc && oc->getOperator() == OO_Equal && self >= 0 &&
                                                          args.size() == 1 && isa<CXXMethodDecl>(fd) &&
                                                          cast<CXXMethodDecl>(fd)->getParent()->getName() == "tuple") {
    HVal src = eval(args[0]);
    if (src.k == HVal::Ref)
      src = read(src.ref);
    if (src.k != HVal::Obj)
      return false;
    for (size_t i = 0;; ++i) {
      Loc d{self, "[" + std::to_string(i) + "]"}, sl{src.obj, "[" + std::to_string(i) + "]"};
      if (!state.count(d) || !state.count(sl))
        break;
      HVal v = read(sl);
      if (v.k == HVal::Ref)
        v = read(v.ref);
      if (state[d].k == HVal::Ref)
        write(state[d].ref, v);
      else
        write(d, v);
    }
    out = objV(self);
    return true;
  }
  return false;
}

HostContract HostInterp::runLaunch(const FunctionDecl *host, const FunctionDecl *kernel) {
  HostContract hc;
  hc.function = host->getNameAsString();
  launchKernel = kernel;
  try {
    Frame f{nextFrame++, {}, -1};
    f.fn = host;
    frames.push_back(f);
    // The host function's parameters are whatever its callers pass.
    for (const ParmVarDecl *p : host->parameters()) {
      QualType t = p->getType();
      if (p->isInvalidDecl())
        state[localLoc(p)] = noneV("parameter '" + p->getNameAsString() + "' does not compile");
      else if (isInt(t))
        state[localLoc(p)] = intV(mkVar(hc.function + "." + p->getNameAsString(), typeOf(t), VarRole::Input));
      else
        state[localLoc(p)] = noneV("parameter '" + p->getNameAsString() + "' of " + hc.function);
    }
    exec(host->getBody());
    std::string kn = kernel->getNameAsString();
    if (launches.empty())
      throw Failure{"the launch of '" + kn + "' in " + hc.function + " is not reached"};
    if (launches.size() > 1)
      throw Failure{"'" + kn + "' is launched " + std::to_string(launches.size()) + " times"};
    const LaunchRec &l = launches.front();
    hc.success = l.cond;
    for (auto &[name, v] : l.args) {
      if (v.k == HVal::Int) {
        keepField(hc, name, v.s);
      } else if (v.k == HVal::Obj && objs[v.obj].kind == OK::Alloc) {
        if (objs[v.obj].bytes)
          hc.tensors[name].bytes = objs[v.obj].bytes;
      } else if (v.k == HVal::Obj && objs[v.obj].kind == OK::User) {
        std::map<Loc, HVal> fs;
        collect(v.obj, name + ".", v.obj, fs);
        for (auto &[fl, fv] : fs) {
          if (fl.key.find('[') != std::string::npos)
            continue;
          keepField(hc, fl.key, fv.k == HVal::Int ? fv.s : nullptr);
        }
      }
    }
    HVal b = l.blocks;
    if (b.k == HVal::Int && !containsOpaque(b.s))
      hc.blockDim = b.s;
    hc.facts = facts;
    hc.ok = true;
  } catch (const Failure &f) {
    hc.ok = false;
    hc.reason = f.reason;
  }
  return hc;
}

// TilingParse runs once per operator before any tiling: what it writes into
// the compile info (core count, UB size from the platform) is what the tiling
// function reads back. Its failure stops the operator, so its success is a
// fact of every launch.
void HostInterp::runParse() {
  if (getenv("ALINT_HOST_DEBUG"))
    llvm::errs() << "host parse function: " << (parseFn ? parseFn->getNameAsString() : std::string("none"))
                 << (compileInfoRec ? " (" + compileInfoRec->getNameAsString() + ")" : std::string()) << "\n";
  if (!parseFn || !parseFn->hasBody() || parseFn->getNumParams() != 1)
    return;
  if (compileInfoRec) {
    compileInfoObj = newObj(OK::User, "", compileInfoRec);
    initFields(compileInfoObj, compileInfoRec, "");
  }
  int parseCtx = newObj(OK::Context);
  Sym savedPc = pc;
  outerConds.push_back(mkBool(true));
  frames.push_back(Frame{nextFrame++, {}, -1});
  state[localLoc(parseFn->getParamDecl(0))] = objV(parseCtx);
  pc = mkBool(true);
  exec(parseFn->getBody());
  stop = false;
  Frame fr = frames.back();
  for (auto it = state.begin(); it != state.end();)
    it = it->first.obj == -fr.id ? state.erase(it) : std::next(it);
  frames.pop_back();
  outerConds.pop_back();
  pc = savedPc;
  if (fr.returns.empty())
    return;
  HVal r = fr.returns.back().value;
  for (size_t i = fr.returns.size() - 1; i-- > 0;)
    r = mergeVal(fr.returns[i].cond, fr.returns[i].value, r);
  if (r.k == HVal::Int)
    facts.push_back(mkCmp(SymOp::Eq, toMath(r.s), mkConst(0)));
}

HostContract HostInterp::run(const FunctionDecl *fd) {
  HostContract hc;
  hc.function = fd->getNameAsString();
  try {
    frames.push_back(Frame{nextFrame++, {}, -1});
    contextObj = newObj(OK::Context);
    if (fd->getNumParams() >= 1)
      state[localLoc(fd->getParamDecl(0))] = objV(contextObj);
    runParse();
    exec(fd->getBody());
    Frame top = frames.back();
    if (top.returns.empty())
      throw Failure{"the tiling function returns nowhere"};
    // Success: a return of GRAPH_SUCCESS (0).
    Sym success = mkBool(false);
    std::map<Loc, HVal> merged;
    bool first = true;
    int statusQuestions = 8;
    std::map<Loc, bool> seen;
    for (auto it = top.returns.rbegin(); it != top.returns.rend(); ++it) {
      Sym ok = it->value.k == HVal::Int ? mkCmp(SymOp::Eq, toMath(it->value.s), mkConst(0))
                                        : mkOpaque("the return value", IntType::boolean());
      Sym c = mkAnd(it->cond, ok);
      // A status passed on (`if (ret != SUCCESS) return ret;`) is a
      // select of the callee's returns that the path's `ret != 0` does not
      // fold: Z3 tells whether it can be success there (a path that cannot
      // would leave every field "not set on every successful path").
      if (it->failure)
        c = mkBool(false);
      if (!isFalse(c) && it->value.k == HVal::Int && !asConst(it->value.s) &&
          impossiblePath(c, facts, statusQuestions, opts.deadline))
        c = mkBool(false);
      success = mkOr(c, success);
      if (isFalse(c))
        continue;
      if (first) {
        merged = it->snapshot;
        first = false;
        continue;
      }
      std::map<Loc, HVal> m;
      for (auto &[l, v] : it->snapshot) {
        auto o = merged.find(l);
        m[l] = o == merged.end() ? noneV("not set on every successful path") : mergeVal(c, v, o->second);
      }
      for (auto &[l, v] : merged)
        if (!m.count(l))
          m[l] = noneV("not set on every successful path");
      merged = std::move(m);
    }
    hc.success = mkAnd(simplifyUnderImplied(success, facts), mkNot(aborted));
    std::vector<Sym> accepted = facts;
    accepted.push_back(hc.success);
    int pruneQuestions = 24;
    for (auto &[l, v] : merged) {
      Sym s = v.k == HVal::Int ? v.s : nullptr;
      // The key and template arguments: an unknown only where no accepted
      // input goes is no unknown.
      if (s && containsOpaque(s) && (l == kTilingKey || (l.obj == kTilingKey.obj && l.key.rfind("tplArg", 0) == 0)))
        s = pruneUnreached(s, accepted, mkBool(true), pruneQuestions, opts.deadline);
      if (l == kBlockDim) {
        if (s && !containsOpaque(s))
          hc.blockDim = s;
        continue;
      }
      if (l == kWorkspace) {
        if (getenv("ALINT_HOST_DEBUG"))
          llvm::errs() << "host workspace[0]: " << (s ? toString(s) : "(none: " + v.why + ")") << "\n";
        if (s && !containsOpaque(s))
          hc.workspace = {s};
        continue;
      }
      if (l == kTilingKey) {
        if (getenv("ALINT_HOST_DEBUG"))
          llvm::errs() << "host tiling key: " << (s ? toString(s) : "(none: " + v.why + ")") << "\n";
        if (s && !containsOpaque(s))
          hc.tilingKey = s;
        continue;
      }
      if (l.obj == kTilingKey.obj && l.key.rfind("tplArg", 0) == 0) {
        if (getenv("ALINT_HOST_DEBUG"))
          llvm::errs() << "host " << l.key << ": " << (s ? toString(s) : "(none: " + v.why + ")") << "\n";
        if (s && !(s->op == SymOp::Var && s->var->role == VarRole::Opaque))
          hc.tplArgs[unsigned(std::stoul(l.key.substr(6)))] = s;
        continue;
      }
      if (l.obj < 0 || l.key.empty() || l.key[0] == '[')
        continue;
      if (getenv("ALINT_HOST_DEBUG"))
        llvm::errs() << "host field " << l.key << ": " << (s ? toString(s).substr(0, 200) : "(none: " + v.why + ")")
                     << "\n";
      keepField(hc, l.key, s);
    }
    tensorExtents(hc);
    hc.facts = facts;
    hc.ok = true;
  } catch (const Failure &f) {
    hc.ok = false;
    hc.reason = f.reason;
  }
  return hc;
}

// ---------------------------------------------------------------- parsing

class ErrorLocs : public DiagnosticConsumer {
public:
  std::vector<SourceLocation> locs;
  std::vector<bool> parse; // a lexer or parser error (the rest are semantic)
  std::string first;
  std::string redefinition; // the first "redefinition of ..." (a header without a guard read twice)
  void HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic &info) override {
    if (level < DiagnosticsEngine::Error)
      return;
    if (redefinition.empty()) {
      llvm::SmallString<128> m;
      info.FormatDiagnostic(m);
      if (m.str().starts_with("redefinition of"))
        redefinition = std::string(m);
    }
    if (info.getLocation().isValid()) {
      locs.push_back(info.getLocation());
      llvm::StringRef cat = DiagnosticIDs::getCategoryNameFromID(DiagnosticIDs::getCategoryNumberForDiag(info.getID()));
      parse.push_back(cat == "Parse Issue" || cat == "Lexical or Preprocessor Issue");
    }
    if (first.empty()) {
      llvm::SmallString<128> m;
      info.FormatDiagnostic(m);
      first = std::string(m);
    }
  }
};

class SkipMissing : public PPCallbacks {
public:
  bool FileNotFound(StringRef) override { return true; }
};

// The tiling function: the one given to `.Tiling(f)` / `.SetTiling(f)`.
class FindTiling {
public:
  // With companion sources in the translation unit: only the host file's own
  // registration and functions count (a companion may register its own op).
  const SourceManager *sm = nullptr;
  FileID only;
  bool inHostFile(SourceLocation l) const {
    return !sm || only.isInvalid() || sm->getFileID(sm->getExpansionLoc(l)) == only;
  }
  const FunctionDecl *found = nullptr;
  const FunctionDecl *parse = nullptr;      // .TilingParse<CompileInfo>(parse)
  const CXXRecordDecl *parseInfo = nullptr; // CompileInfo
  std::vector<const FunctionDecl *> candidates;
  bool VisitCallExpr(CallExpr *ce) {
    const FunctionDecl *callee = ce->getDirectCallee();
    if (!callee || ce->getNumArgs() < 1 || !inHostFile(ce->getBeginLoc()))
      return true;
    std::string n = callee->getNameAsString();
    if (n == "TilingParse") {
      const Expr *a = ce->getArg(0)->IgnoreParenImpCasts();
      if (const auto *u = dyn_cast<UnaryOperator>(a); u && u->getOpcode() == UO_AddrOf)
        a = u->getSubExpr()->IgnoreParenImpCasts();
      if (const auto *dr = dyn_cast<DeclRefExpr>(a))
        if (const auto *fd = dyn_cast<FunctionDecl>(dr->getDecl()))
          parse = fd->getDefinition() ? fd->getDefinition() : fd;
      if (const TemplateArgumentList *ta = callee->getTemplateSpecializationArgs();
          ta && ta->size() >= 1 && ta->get(0).getKind() == TemplateArgument::Type)
        parseInfo = ta->get(0).getAsType()->getAsCXXRecordDecl();
      return true;
    }
    if (n != "Tiling" && n != "SetTiling")
      return true;
    const Expr *a = ce->getArg(0)->IgnoreParenImpCasts();
    if (const auto *u = dyn_cast<UnaryOperator>(a); u && u->getOpcode() == UO_AddrOf)
      a = u->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *dr = dyn_cast<DeclRefExpr>(a))
      if (const auto *fd = dyn_cast<FunctionDecl>(dr->getDecl()))
        found = fd->getDefinition() ? fd->getDefinition() : fd;
    return true;
  }
  bool VisitFunctionDecl(FunctionDecl *fd) {
    if (fd->doesThisDeclarationHaveABody() && fd->getNumParams() == 1 && inHostFile(fd->getLocation())) {
      QualType pt = fd->getParamDecl(0)->getType();
      if (pt->isPointerType())
        if (const CXXRecordDecl *rd = pt->getPointeeType()->getAsCXXRecordDecl();
            rd && rd->getName() == "TilingContext")
          candidates.push_back(fd);
    }
    return true;
  }
};

// A translation unit of the host file and its companion sources (readTilingFunction)
// must mean what each file means alone: a name one file uses must not have
// been found among another's declarations (a constant of the same name in
// the other's namespace would hide the right one). The first such use, or
// an empty string.
class CrossFileUse {
public:
  CrossFileUse(const SourceManager &sm, const std::set<FileID> &files) : sm(sm), files(files) {}
  std::string found;
  bool VisitDeclRefExpr(DeclRefExpr *e) {
    const ValueDecl *d = e->getDecl();
    if (!found.empty() || !(isa<VarDecl>(d) || isa<EnumConstantDecl>(d) || isa<FunctionDecl>(d)))
      return true;
    if (const auto *v = dyn_cast<VarDecl>(d); v && (v->isLocalVarDeclOrParm() || v->isStaticDataMember()))
      return true;
    if (isa<CXXMethodDecl>(d))
      return true;
    FileID use = sm.getFileID(sm.getExpansionLoc(e->getLocation()));
    if (!files.count(use))
      return true;
    // Seen by the using file alone: declared in it, or outside the unit's
    // sources (a header).
    for (const Decl *r : d->getCanonicalDecl()->redecls()) {
      FileID at = sm.getFileID(sm.getExpansionLoc(r->getLocation()));
      if (at == use || !files.count(at))
        return true;
    }
    PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(e->getLocation()));
    found = "'" + d->getNameAsString() + "' at " + llvm::sys::path::filename(p.getFilename()).str() + ":" +
            std::to_string(p.getLine()) + " is declared only in another source";
    return true;
  }

private:
  const SourceManager &sm;
  const std::set<FileID> &files;
};

class HostConsumer : public ASTConsumer {
public:
  HostConsumer(const HostOptions &o, HostContract &r, ErrorLocs &e, std::string hostFile = "",
               std::vector<std::string> companions = {})
      : opts(o), res(r), errs(e), hostFile(std::move(hostFile)), companions(std::move(companions)) {}
  void HandleTranslationUnit(ASTContext &ctx) override {
    FindTiling f;
    // The unit's own sources (with companions): the host file first.
    std::set<FileID> sources;
    if (!companions.empty()) {
      FileManager &fm = ctx.getSourceManager().getFileManager();
      for (const std::string &p : companions)
        if (auto fe = fm.getOptionalFileRef(p))
          sources.insert(ctx.getSourceManager().translateFile(*fe));
      if (auto fe = fm.getOptionalFileRef(hostFile)) {
        f.sm = &ctx.getSourceManager();
        f.only = ctx.getSourceManager().translateFile(*fe);
        sources.insert(f.only);
      }
      sources.erase(FileID());
      // Code that does not compile in a companion is not read either.
      for (SourceLocation l : errs.locs)
        if (sources.count(ctx.getSourceManager().getFileID(ctx.getSourceManager().getExpansionLoc(l))) &&
            ctx.getSourceManager().getFileID(ctx.getSourceManager().getExpansionLoc(l)) != f.only) {
          res.reason =
              "a companion source does not compile (" +
              llvm::sys::path::filename(ctx.getSourceManager().getFilename(ctx.getSourceManager().getExpansionLoc(l)))
                  .str() +
              ":" + std::to_string(ctx.getSourceManager().getExpansionLineNumber(l)) + ", first error: " + errs.first +
              ")";
          return;
        }
      // A header without a guard, read by both sources: its second copy is
      // an error wherever it is, and what it declares is not what either
      // file read alone.
      if (!errs.redefinition.empty()) {
        res.reason = "the host file and its companion sources clash: " + errs.redefinition;
        return;
      }
      CrossFileUse cross(ctx.getSourceManager(), sources);
      AstWalk w;
      w.stmt = [&](Stmt *s) {
        if (auto *d = dyn_cast<DeclRefExpr>(s))
          cross.VisitDeclRefExpr(d);
      };
      w.run(ctx.getTranslationUnitDecl());
      if (!cross.found.empty()) {
        res.reason = "the host file and its companion sources clash: " + cross.found;
        return;
      }
    }
    AstWalk w;
    w.stmt = [&](Stmt *s) {
      if (auto *ce = dyn_cast<CallExpr>(s))
        f.VisitCallExpr(ce);
    };
    w.decl = [&](Decl *d) {
      if (auto *fd = dyn_cast<FunctionDecl>(d))
        f.VisitFunctionDecl(fd);
    };
    w.run(ctx.getTranslationUnitDecl());
    const FunctionDecl *fd = f.found;
    if (!fd) {
      for (const FunctionDecl *c : f.candidates)
        if (c->getName().ends_with("TilingFunc") || c->getName() == "TilingFunc")
          fd = c;
    }
    if (!fd || !fd->hasBody()) {
      res.reason = "no tiling function (registered with .Tiling() or SetTiling()) in the host file";
      return;
    }
    // Code that does not compile is not read: a dropped statement could be a
    // write to the tiling data.
    SourceManager &sm = ctx.getSourceManager();
    for (SourceLocation l : errs.locs) {
      SourceLocation el = sm.getExpansionLoc(l);
      if (sm.getFileID(el) == sm.getFileID(sm.getExpansionLoc(fd->getLocation()))) {
        PresumedLoc p = sm.getPresumedLoc(el);
        res.reason = "the host file does not compile (" + llvm::sys::path::filename(p.getFilename()).str() + ":" +
                     std::to_string(p.getLine()) + ": " + errs.first + ")";
        return;
      }
    }
    llvm::CrashRecoveryContext crc;
    bool ok = crc.RunSafely([&] {
      HostInterp hi(ctx, opts);
      hi.setParseFunction(f.parse, f.parseInfo);
      res = hi.run(fd);
    });
    if (!ok) {
      res = HostContract();
      res.reason = "internal error while reading the host code";
    }
  }

private:
  const HostOptions &opts;
  HostContract &res;
  ErrorLocs &errs;
  std::string hostFile;
  std::vector<std::string> companions;
};

// The kernel and the host function that launches it: the one function whose
// body holds every launch of the kernel in the file's text (a launch Clang
// dropped with code that does not compile counts too).
class LaunchConsumer : public ASTConsumer {
public:
  LaunchConsumer(const HostOptions &o, const std::string &k, HostContract &r, ErrorLocs &e)
      : opts(o), kernel(k), res(r), errs(e) {}
  void HandleTranslationUnit(ASTContext &ctx) override {
    SourceManager &sm = ctx.getSourceManager();
    FileID main = sm.getMainFileID();
    std::string src = sm.getBufferData(main).str();
    std::vector<unsigned> at;
    for (const TextLaunch &l : findTextLaunches(src))
      if (l.kernel == kernel)
        at.push_back(unsigned(l.begin));
    if (at.empty()) {
      res.reason = "no launch of '" + kernel + "' in the file";
      return;
    }
    struct {
      std::vector<const FunctionDecl *> defs;
    } fns;
    AstWalk w;
    // A template kernel is launched as an instantiation (`add<float><<<...>>>`).
    w.templateInstantiations = true;
    w.decl = [&](Decl *d) {
      if (auto *fd = dyn_cast<FunctionDecl>(d))
        if (fd->doesThisDeclarationHaveABody() && !isLambdaCallOperator(fd) && !fd->isDependentContext())
          fns.defs.push_back(fd);
    };
    w.run(ctx.getTranslationUnitDecl());
    const FunctionDecl *kdecl = nullptr, *host = nullptr;
    std::set<const FunctionDecl *> hosts;
    for (const FunctionDecl *fd : fns.defs) {
      SourceLocation b = sm.getExpansionLoc(fd->getBeginLoc()), e = sm.getExpansionLoc(fd->getEndLoc());
      if (sm.getFileID(b) != main)
        continue;
      if (fd->getNameAsString() == kernel)
        kdecl = fd;
      unsigned ob = sm.getFileOffset(b), oe = sm.getFileOffset(e);
      for (unsigned a : at)
        if (a >= ob && a <= oe && fd->getNameAsString() != kernel)
          hosts.insert(fd);
    }
    // Innermost: a function defined inside another (a local class) is not
    // expected; several functions launching it is not one contract.
    if (!kdecl) {
      res.reason = "the kernel '" + kernel + "' is not defined in the file";
      return;
    }
    if (hosts.size() != 1) {
      res.reason = hosts.empty() ? "the launch of '" + kernel + "' is outside any function"
                                 : "'" + kernel + "' is launched from " + std::to_string(hosts.size()) + " functions";
      return;
    }
    host = *hosts.begin();
    // Errors Clang recovers from (a missing header) leave code out; a parse
    // error inside the host function may leave its structure wrong.
    SourceLocation hb = sm.getExpansionLoc(host->getBeginLoc()), he = sm.getExpansionLoc(host->getEndLoc());
    for (size_t i = 0; i < errs.locs.size(); ++i) {
      SourceLocation el = sm.getExpansionLoc(errs.locs[i]);
      if (sm.getFileID(el) != main || sm.getFileOffset(el) < sm.getFileOffset(hb) ||
          sm.getFileOffset(el) > sm.getFileOffset(he))
        continue;
      if (errs.parse[i]) {
        PresumedLoc p = sm.getPresumedLoc(el);
        res.reason = "the host function " + host->getNameAsString() + " does not parse (" +
                     llvm::sys::path::filename(p.getFilename()).str() + ":" + std::to_string(p.getLine()) + ")";
        return;
      }
    }
    llvm::CrashRecoveryContext crc;
    bool ok = crc.RunSafely([&] {
      HostInterp hi(ctx, opts);
      hi.setLenient(!errs.locs.empty());
      res = hi.runLaunch(host, kdecl);
    });
    if (!ok) {
      res = HostContract();
      res.reason = "internal error while reading the host code";
    }
  }

private:
  const HostOptions &opts;
  std::string kernel;
  HostContract &res;
  ErrorLocs &errs;
};

class LaunchAction : public ASTFrontendAction {
public:
  LaunchAction(const HostOptions &o, const std::string &k, HostContract &r, ErrorLocs &e)
      : opts(o), kernel(k), res(r), errs(e) {}
  bool BeginSourceFileAction(CompilerInstance &ci) override {
    ci.getPreprocessor().addPPCallbacks(std::make_unique<SkipMissing>());
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<LaunchConsumer>(opts, kernel, res, errs);
  }

private:
  const HostOptions &opts;
  std::string kernel;
  HostContract &res;
  ErrorLocs &errs;
};

} // namespace

// Companion sources of a host file: the sources beside the project headers
// it includes, of the same stem (circular_pad_grad's tiling class derives
// from CircularPadCommonTiling, declared in circular_pad/op_host/
// circular_pad_common_tiling.h and defined in the .cpp beside it; read
// alone, every method of the base is a call without a body). Headers are
// found as the compiler finds `#include "..."`: the including file's folder,
// then the -I folders; followed through headers and the companions
// themselves, a bounded number of them.
static std::vector<std::string> companionSources(const std::string &hostFile, const HostOptions &opts) {
  std::vector<std::string> dirs;
  for (const std::string &a : opts.extraArgs)
    if (llvm::StringRef(a).starts_with("-I") && a.size() > 2)
      dirs.push_back(a.substr(2));
  static const std::regex inc(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::vector<std::string> todo = {hostFile}, out;
  std::set<std::string> seen = {hostFile};
  constexpr size_t kMaxFiles = 32, kMaxSources = 4;
  for (size_t i = 0; i < todo.size() && i < kMaxFiles; ++i) {
    auto buf = llvm::MemoryBuffer::getFile(todo[i]);
    if (!buf)
      continue;
    std::string here = llvm::sys::path::parent_path(todo[i]).str();
    std::istringstream text((*buf)->getBuffer().str());
    std::string line;
    while (std::getline(text, line)) {
      std::smatch m;
      if (!std::regex_search(line, m, inc))
        continue;
      std::string header;
      std::vector<std::string> where = {here};
      where.insert(where.end(), dirs.begin(), dirs.end());
      for (const std::string &d : where) {
        llvm::SmallString<256> p(d);
        llvm::sys::path::append(p, m[1].str());
        llvm::sys::path::remove_dots(p, true);
        if (llvm::sys::fs::is_regular_file(p)) {
          header = std::string(p);
          break;
        }
      }
      if (header.empty() || !seen.insert(header).second ||
          (!opts.hostApiDir.empty() && llvm::StringRef(header).starts_with(opts.hostApiDir)))
        continue;
      todo.push_back(header);
      llvm::StringRef ext = llvm::sys::path::extension(header);
      if (ext != ".h" && ext != ".hpp")
        continue;
      for (const char *e : {".cpp", ".cc"}) {
        llvm::SmallString<256> src(header);
        llvm::sys::path::replace_extension(src, e);
        if (out.size() < kMaxSources && llvm::sys::fs::is_regular_file(src) && seen.insert(std::string(src)).second) {
          out.push_back(std::string(src));
          // Its own headers lead to further companions (ops-math arg_max_v2:
          // the shared tiling function calls one defined beside another
          // header the companion includes).
          todo.push_back(std::string(src));
        }
      }
    }
  }
  return out;
}

// A parsed host unit kept for the next reading. A kernel file is analysed
// once per build configuration (each dtype combination, each tiling key) and
// each reads the host's tiling function with that configuration's dtypes
// pinned: the same translation unit, interpreted differently. Parsing it was
// most of the work (ops-math arg_max_v2 on ascend950: ten parses, 28 % of
// the file's CPU time), so the AST is kept and only the interpretation runs
// again. The errors the parse reported are kept with it.
class KeptUnit : public tooling::ToolAction {
public:
  ErrorLocs errs; // the parse's errors: a snapshot is given to each reading
  bool parsed = false;
  ASTContext *context() { return parsed && ci && ci->hasASTContext() ? &ci->getASTContext() : nullptr; }
  bool runInvocation(std::shared_ptr<CompilerInvocation> invocation, FileManager *files,
                     std::shared_ptr<PCHContainerOperations> pch, DiagnosticConsumer *consumer) override {
    // As FrontendActionFactory::runInvocation and CompilerInstance::ExecuteAction
    // do, short of ending the source file: that would free the AST.
    ci = std::make_unique<CompilerInstance>(std::move(pch));
    ci->setInvocation(std::move(invocation));
    ci->setFileManager(files);
    ci->createDiagnostics(consumer, /*ShouldOwnClient=*/false);
    if (!ci->hasDiagnostics())
      return false;
    ci->createSourceManager(*files);
    if (!ci->createTarget() || ci->getFrontendOpts().Inputs.size() != 1)
      return false;
    action = std::make_unique<ParseOnly>();
    if (!action->BeginSourceFile(*ci, ci->getFrontendOpts().Inputs[0]))
      return false;
    begun = true;
    if (llvm::Error e = action->Execute())
      llvm::consumeError(std::move(e));
    parsed = true;
    return true;
  }
  ~KeptUnit() override {
    if (begun)
      action->EndSourceFile();
    action.reset();
    ci.reset();
  }

private:
  class ParseOnly : public ASTFrontendAction {
    bool BeginSourceFileAction(CompilerInstance &c) override {
      c.getPreprocessor().addPPCallbacks(std::make_unique<SkipMissing>());
      return true;
    }
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, llvm::StringRef) override {
      return std::make_unique<ASTConsumer>();
    }
  };
  std::unique_ptr<CompilerInstance> ci;
  std::unique_ptr<FrontendAction> action;
  bool begun = false;
};

// The kept units, the most recently used last; a few, for memory's sake: a
// kernel file reads one to four (two host files, each with its companion
// sources and alone, in ops-math arg_max_v2; each kept unit is 10-40 MB).
static std::vector<std::pair<std::string, std::unique_ptr<KeptUnit>>> &keptUnits() {
  static std::vector<std::pair<std::string, std::unique_ptr<KeptUnit>>> units;
  return units;
}

static unsigned unitParses = 0;
unsigned hostUnitParses() { return unitParses; }

static KeptUnit &parseHostUnit(const std::vector<std::string> &args, const std::string &unit,
                               const std::string &unitText) {
  std::string key;
  for (const std::string &a : args)
    key += a + '\0';
  key += '\0' + unitText;
  auto &units = keptUnits();
  for (size_t i = 0; i < units.size(); ++i)
    if (units[i].first == key) {
      std::rotate(units.begin() + long(i), units.begin() + long(i) + 1, units.end());
      return *units.back().second;
    }
  constexpr size_t kKeptUnits = 6;
  if (units.size() >= kKeptUnits)
    units.erase(units.begin());
  ++unitParses;
  auto kept = std::make_unique<KeptUnit>();
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
  if (!unitText.empty()) {
    auto mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
    mem->addFile(unit, 0, llvm::MemoryBuffer::getMemBufferCopy(unitText, unit));
    overlay->pushOverlay(mem);
  }
  llvm::IntrusiveRefCntPtr<FileManager> files(new FileManager(FileSystemOptions(), overlay));
  tooling::ToolInvocation inv(args, kept.get(), files.get(), std::make_shared<PCHContainerOperations>());
  inv.setDiagnosticConsumer(&kept->errs);
  inv.run();
  units.emplace_back(std::move(key), std::move(kept));
  return *units.back().second;
}

static HostContract readTilingUnit(const std::string &hostFile, const std::vector<std::string> &companions,
                                   const HostOptions &opts) {
  HostContract res;
  res.file = hostFile;
  std::vector<std::string> args = {
      "clang++",         "-fsyntax-only",          "-std=c++17",           "-x", "c++", "-w",
      "-ferror-limit=0", "-fno-caret-diagnostics", "-DASCENDC_LINT_HOST=1"};
  if (!opts.resourceDir.empty())
    args.push_back("-resource-dir=" + opts.resourceDir);
  args.push_back("-I" + opts.hostApiDir);
  for (auto &a : opts.extraArgs)
    args.push_back(a);
  // With companions: one unit of them and the host file, in memory beside
  // the host file (its own quoted includes resolve from there), the
  // companions first so that each reads as it would alone.
  std::string unit = hostFile, text;
  if (!companions.empty()) {
    llvm::SmallString<256> p(llvm::sys::path::parent_path(hostFile));
    llvm::sys::path::append(p, "ascendc-lint-host-unit-" + llvm::sys::path::filename(hostFile).str());
    unit = std::string(p);
    for (const std::string &c : companions)
      text += "#include \"" + c + "\"\n";
    text += "#include \"" + hostFile + "\"\n";
  }
  args.push_back(unit);
  KeptUnit &kept = parseHostUnit(args, unit, text);
  // This reading's view of the errors: those of the parse alone.
  ErrorLocs errs;
  errs.locs = kept.errs.locs;
  errs.parse = kept.errs.parse;
  errs.first = kept.errs.first;
  errs.redefinition = kept.errs.redefinition;
  if (ASTContext *ctx = kept.context()) {
    HostConsumer consumer(opts, res, errs, hostFile, companions);
    consumer.HandleTranslationUnit(*ctx);
  }
  res.file = hostFile;
  if (!res.ok && res.reason.empty())
    res.reason =
        errs.first.empty() ? "the host file could not be parsed" : "the host file does not parse: " + errs.first;
  if (res.ok)
    res.companions = companions;
  return res;
}

HostContract readTilingFunction(const std::string &hostFile, const HostOptions &opts) {
  if (opts.hostApiDir.empty()) {
    HostContract res;
    res.file = hostFile;
    res.reason = "the bundled host API headers are not found";
    return res;
  }
  // Read with its companion sources where it has any; where that unit
  // fails (a clash, a companion that does not compile), alone as before.
  std::vector<std::string> companions = companionSources(hostFile, opts);
  if (!companions.empty()) {
    HostContract withCompanions = readTilingUnit(hostFile, companions, opts);
    if (withCompanions.ok && !withCompanions.fields.empty())
      return withCompanions;
    if (getenv("ALINT_HOST_DEBUG"))
      fprintf(stderr, "host: with %zu companion sources (%s ...): ok %d, %zu fields: %s\n", companions.size(),
              companions[0].c_str(), int(withCompanions.ok), withCompanions.fields.size(),
              withCompanions.reason.c_str());
    // Out of CPU time: reading the file alone would start past its deadline.
    if (outOfTime(withCompanions.reason))
      return withCompanions;
  }
  HostContract alone = readTilingUnit(hostFile, {}, opts);
  // Standard-library names used unqualified (`vector<int64_t> v(n, 0)`,
  // ops-math mem_set_v2, addr, select): the build's ops-base headers, not
  // here, bring them into scope. A file that does not compile without them
  // is read once more with `using namespace std;` in front (std_names.h);
  // the first reason stands if that does not compile either.
  if (!alone.ok && alone.reason.rfind("the host file does not compile", 0) == 0) {
    HostOptions withStd = opts;
    withStd.extraArgs.push_back("-include");
    withStd.extraArgs.push_back(opts.hostApiDir + "/ascendc_lint/std_names.h");
    HostContract again = readTilingUnit(hostFile, {}, withStd);
    if (getenv("ALINT_HOST_DEBUG"))
      fprintf(stderr, "host: read again with std names: ok %d: %s\n", int(again.ok), again.reason.c_str());
    if (again.ok)
      return again;
  }
  return alone;
}

} // namespace alint::host

namespace alint::host {

HostContract readDirectLaunch(const std::string &file, const std::string &kernel, const HostOptions &opts) {
  HostContract res;
  res.file = file;
  if (opts.hostApiDir.empty() || opts.kernelApiDir.empty()) {
    res.reason = "the bundled API headers are not found";
    return res;
  }
  auto buf = llvm::MemoryBuffer::getFile(file);
  if (!buf) {
    res.reason = "the file could not be read";
    return res;
  }
  llvm::SmallString<256> abs(file);
  llvm::sys::fs::make_absolute(abs);
  std::string src = rewriteLaunches((*buf)->getBuffer().str());
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> mem(new llvm::vfs::InMemoryFileSystem);
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> overlay(
      new llvm::vfs::OverlayFileSystem(llvm::vfs::getRealFileSystem()));
  overlay->pushOverlay(mem);
  mem->addFile(abs, 0, llvm::MemoryBuffer::getMemBufferCopy(src));
  // The kernel API first (the file's kernels must parse), then the host API.
  // DT_FLOAT is defined as itself so that the kernel API's DT_* macros stay
  // out of the host API's ge::DataType.
  std::vector<std::string> args = {"clang++",
                                   "-fsyntax-only",
                                   "-std=c++17",
                                   "-x",
                                   "c++",
                                   "-w",
                                   "-ferror-limit=0",
                                   "-fno-caret-diagnostics",
                                   "-fno-spell-checking",
                                   "-DASCENDC_LINT=1",
                                   "-DASCENDC_LINT_HOST=1",
                                   "-DDT_FLOAT=DT_FLOAT"};
  if (!opts.resourceDir.empty())
    args.push_back("-resource-dir=" + opts.resourceDir);
  args.push_back("-I" + opts.kernelApiDir);
  args.push_back("-include");
  args.push_back(opts.kernelApiDir + "/ascendc_lint/builtins.h");
  args.push_back("-I" + opts.hostApiDir);
  args.push_back("-include");
  args.push_back(opts.hostApiDir + "/ascendc_lint/launch.h");
  for (auto &a : opts.extraArgs)
    args.push_back(a);
  args.push_back(std::string(abs));
  llvm::IntrusiveRefCntPtr<FileManager> files(new FileManager(FileSystemOptions(), overlay));
  ErrorLocs errs;
  auto action = std::make_unique<LaunchAction>(opts, kernel, res, errs);
  tooling::ToolInvocation inv(args, std::move(action), files.get());
  inv.setDiagnosticConsumer(&errs);
  bool ran = inv.run();
  res.file = file;
  if (!res.ok && res.reason.empty())
    res.reason = std::string("the file could not be parsed for its launch") + (ran ? "" : " (no compilation)") +
                 (errs.first.empty() ? "" : ": " + errs.first);
  return res;
}

} // namespace alint::host
