// Symbolic execution of a kernel entry. Values are SymExpr scalars, objects
// (kernel classes, tiling structs, API parameter structs, queues), tensors
// (local: buffer + byte offset; global: GM tensor + byte offset) and GM
// pointers. Calls into user code are inlined with their arguments bound;
// calls into the bundled AscendC API become KernelModel operations.
#include "checker/frontend/Interpreter.h"
#include "checker/frontend/CxxInt.h"
#include "checker/frontend/InterpCore.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/Stmt.h>
#include <clang/AST/StmtCXX.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>

#include "checker/frontend/api/ApiTable.h"

#include <clang/AST/LambdaCapture.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string_view>
#include <tuple>

namespace alint {
namespace fe {

using namespace clang;

// ---------------------------------------------------------------- helpers

Interp::Interp(ASTContext &ctx, const std::string &apiDir, const FrontendOptions &opts)
    : ctx(ctx), sm(ctx.getSourceManager()), apiDir(apiDir), opts(opts) {
  pathCond = mkBool(true);
  setRealApiDir(opts.realApiDir);
}

SourceLoc Interp::loc(SourceLocation l) const {
  SourceLoc r;
  if (l.isInvalid())
    return r;
  SourceLocation e = sm.getExpansionLoc(l);
  PresumedLoc p = sm.getPresumedLoc(e);
  if (p.isInvalid())
    return r;
  r.file = p.getFilename();
  r.line = p.getLine();
  r.column = p.getColumn();
  return r;
}

// A parameter struct of the API (DataCopyParams, ...), not a class the
// interpreter models as an object of its own.
bool Interp::isParamStruct(const RecordDecl *rd) const {
  const auto *crd = dyn_cast_or_null<CXXRecordDecl>(rd);
  return crd && !crd->isUnion() && isApiDecl(crd) && classifyApiClass(crd) == ApiClass::None;
}

bool Interp::isApiDecl(const Decl *d) const {
  if (!d)
    return false;
  SourceLocation l = sm.getSpellingLoc(d->getLocation());
  auto fn = sm.getFilename(l);
  if (fn.empty())
    return false;
  auto it = apiDeclCache.find(fn);
  if (it != apiDeclCache.end())
    return it->second;
  std::string f = fn.str();
  bool r = !apiDir.empty() && f.compare(0, apiDir.size(), apiDir) == 0;
  apiDeclCache[fn] = r;
  return r;
}

std::string Interp::exprText(const Expr *e) const {
  if (!e)
    return "";
  e = e->IgnoreParenImpCasts();
  if (const auto *dre = dyn_cast<DeclRefExpr>(e))
    return dre->getDecl()->getNameAsString();
  if (const auto *me = dyn_cast<MemberExpr>(e)) {
    std::string base = exprText(me->getBase());
    std::string name = me->getMemberDecl()->getNameAsString();
    if (isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts()) || base.empty())
      return name;
    return base + "." + name;
  }
  if (const auto *ce = dyn_cast<CXXMemberCallExpr>(e)) {
    return exprText(ce->getImplicitObjectArgument()) + "." + ce->getMethodDecl()->getNameAsString() + "()";
  }
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(e)) {
    if (oc->getOperator() == OO_Subscript)
      return exprText(oc->getArg(0)) + "[]";
  }
  // Fall back to the source text, kept short.
  SourceRange r = e->getSourceRange();
  if (r.isValid()) {
    CharSourceRange cr = CharSourceRange::getTokenRange(sm.getExpansionRange(r).getAsRange());
    bool invalid = false;
    const char *b = sm.getCharacterData(cr.getBegin(), &invalid);
    const char *en = sm.getCharacterData(cr.getEnd(), &invalid);
    if (!invalid && b && en && en >= b && en - b < 80) {
      std::string s(b, en - b + 1);
      // token range end: include the last token
      return s;
    }
  }
  return "<expr>";
}

void Interp::note(const std::string &reason, SourceLocation l) {
  if (dryRun)
    return;
  SourceLoc sl = loc(l);
  for (auto &u : model.unknowns)
    if (u.reason == reason && u.loc.line == sl.line && u.loc.file == sl.file)
      return;
  model.unknowns.push_back({reason, sl});
}

bool Interp::step() {
  if (++steps > opts.maxSteps) {
    if (!budgetExceeded) {
      budgetExceeded = true;
      model.unknowns.push_back({"analysis budget exceeded (" + std::to_string(opts.maxSteps) +
                                    " steps); the rest of the kernel is not modelled",
                                model.loc});
    }
    return false;
  }
  // The file's clock, looked at every 4096 steps (a step is microseconds).
  if (opts.budget && (steps & 4095) == 0 && opts.budget->expired("interpretation")) {
    if (!budgetExceeded) {
      budgetExceeded = true;
      model.unknowns.push_back(
          {"the file's CPU-time limit (--timeout) was reached; the rest of the kernel is not modelled", model.loc});
    }
    return false;
  }
  return true;
}

Value Interp::unknownValue(const std::string &reason, QualType t) {
  Value v;
  v.kind = Value::Scalar;
  v.sym = mkOpaque(reason, t.isNull() ? IntType::i64() : intTypeOf(ctx, t));
  return v;
}

Value Interp::scalar(Sym s) {
  Value v;
  v.kind = Value::Scalar;
  v.sym = std::move(s);
  return v;
}

Sym Interp::asSym(const Value &v, QualType t, SourceLocation l) {
  if (v.kind == Value::Scalar && v.sym)
    return t.isNull() ? v.sym : mkCast(v.sym, intTypeOf(ctx, t));
  std::string reason = v.reason.empty() ? "value is not an integer the frontend tracks" : v.reason;
  return mkOpaque(reason, t.isNull() ? IntType::i64() : intTypeOf(ctx, t));
}

uint32_t Interp::sizeOfType(QualType t) {
  t = t.getCanonicalType().getNonReferenceType();
  if (t.isNull() || t->isIncompleteType() || t->isDependentType())
    return 0;
  // A TensorTrait<T, ...> element is a T (PrimT<TensorTrait<T>> = T; the
  // trait itself is an empty struct of size 1).
  if (const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(t->getAsCXXRecordDecl()))
    if (spec->getName() == "TensorTrait" && spec->getTemplateArgs().size() > 0 &&
        spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
      return sizeOfType(spec->getTemplateArgs()[0].getAsType());
  return uint32_t(ctx.getTypeSizeInChars(t).getQuantity());
}

// -------------------------------------------------------------- state I/O

Value *Interp::lookupLocal(const ValueDecl *d) {
  for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
    auto &f = **it;
    auto a = f.aliases.find(d);
    if (a != f.aliases.end())
      return slot(a->second);
    auto l = f.locals.find(d);
    if (l != f.locals.end())
      return &l->second;
    break; // locals of callers are not visible
  }
  return nullptr;
}

static uint64_t gFrameSerial = 0;
Frame::Frame() : serial(++gFrameSerial) {}

bool Interp::frameLive(const LRef &r) const {
  if (r.kind != LRef::Local)
    return true;
  for (auto &f : frames)
    if (f.get() == r.frame && f->serial == r.frameSerial)
      return true;
  return false;
}

LRef Interp::localRef(Frame *f, const ValueDecl *d) const {
  LRef r;
  r.kind = LRef::Local;
  r.frame = f;
  r.frameSerial = f->serial;
  r.decl = d;
  return r;
}

Value *Interp::slot(const LRef &r) {
  switch (r.kind) {
  case LRef::Local: {
    if (!frameLive(r))
      return nullptr;
    auto it = r.frame->locals.find(r.decl);
    if (it == r.frame->locals.end())
      return nullptr;
    return &it->second;
  }
  case LRef::Field: {
    auto it = r.obj->fields.find(r.field);
    if (it == r.obj->fields.end())
      return nullptr;
    return &it->second;
  }
  case LRef::Global: {
    auto it = globals.find(r.decl);
    if (it == globals.end())
      return nullptr;
    return &it->second;
  }
  case LRef::Elem: {
    auto it = r.obj->elems.find(r.index);
    if (it == r.obj->elems.end())
      return nullptr;
    return &it->second;
  }
  default:
    return nullptr;
  }
}

// The condition under which a write reaches `r` on every path it matters
// for: no earlier `return` of an active call and no earlier `continue` of
// the current iterations was taken. (`len = 100000; if (a > 10) return;
// len = 64;` leaves 100000 in `len` when a > 10.) A local of frame F only
// needs F's iteration and the frames it called: once F returns it is dead.
// What a branch that did not write `r` leaves there, for a merge: nothing
// (the other branch's value stands), except for the computed-index element,
// which that branch did not set: an opaque value.
Value Interp::unwrittenElement(const LRef &r) {
  if (r.kind == LRef::Elem && r.index == kSymElem && r.obj && !r.obj->elemType.isNull() &&
      r.obj->elemType->isIntegralOrEnumerationType())
    return scalar(mkOpaque("'" + refName(r) + "' not written on this path", intTypeOf(ctx, r.obj->elemType)));
  return Value();
}

// Objects belong to the frame that made them (Interp::writeGuard).
void Interp::own(ObjState &o) const {
  o.ownerFrame = frames.empty() ? nullptr : frames.back().get();
  o.ownerSerial = frames.empty() ? 0 : frames.back()->serial;
}

Sym Interp::writeGuard(const LRef &r) const {
  Sym g = mkBool(true);
  const Frame *ownerFrame = r.kind == LRef::Local ? r.frame : nullptr;
  if ((r.kind == LRef::Field || r.kind == LRef::Elem) && r.obj && r.obj->ownerFrame)
    for (const auto &f : frames)
      if (f.get() == r.obj->ownerFrame && f->serial == r.obj->ownerSerial)
        ownerFrame = f.get();
  bool owner = !ownerFrame;
  for (const auto &f : frames) {
    if (!owner && f.get() == ownerFrame) {
      owner = true;
      g = mkAnd(g, f->iterAlive);
      continue;
    }
    if (owner)
      g = mkAnd(g, mkAnd(f->alive, f->iterAlive));
  }
  return g;
}

void Interp::write(const LRef &r, Value v) {
  if (r.kind == LRef::None || !frameLive(r))
    return;
  Sym g = writeGuard(r);
  if (!isTrue(g)) {
    Value *cur = slot(r);
    Value old = cur ? *cur : Value();
    if (v.kind == Value::Scalar && v.sym) {
      // On the paths that left early the location keeps what it held; an
      // integer never set there is an opaque value.
      Sym o = old.kind == Value::Scalar && old.sym ? old.sym : nullptr;
      if (!o && !(r.kind == LRef::Local && old.kind == Value::Undef))
        o = mkOpaque("'" + refName(r) + "' where an earlier return or continue was taken", v.sym->type);
      if (o)
        v = scalar(mkSelect(g, v.sym, o->type == v.sym->type ? o : mkCast(o, v.sym->type)));
    } else if (old.kind != Value::Undef && old.kind != Value::Unknown) {
      // Pointers and tensors merge where they can; anything else takes the
      // new value (state the early paths leave is not followed further).
      if (Value m = mergeValues(g, v, old, refName(r)); m.kind != Value::Unknown)
        v = m;
    }
  }
  writeUnguarded(r, std::move(v));
}

void Interp::writeUnguarded(const LRef &r, Value v) {
  if (r.kind == LRef::None || !frameLive(r))
    return;
  // Another element written: the computed-index slot may be it, and the
  // loop's summary no longer describes the array.
  if (r.kind == LRef::Elem && r.obj && r.index != kSymElem) {
    r.obj->symIndex = nullptr;
    r.obj->summary.reset();
  }
  // The members of a union share storage (DataCopyParams' srcGap/srcStride):
  // writing one writes every member of the same type, and leaves the others
  // unknown rather than stale.
  if (r.kind == LRef::Field && r.field && r.field->getParent()->isUnion())
    for (const FieldDecl *other : r.field->getParent()->fields()) {
      if (other == r.field)
        continue;
      LRef o = r;
      o.field = other;
      bool same = ctx.hasSameType(other->getType().getCanonicalType().getUnqualifiedType(),
                                  r.field->getType().getCanonicalType().getUnqualifiedType());
      if (same) {
        writeSlot(o, v);
        continue;
      }
      std::string why = "union member '" + other->getNameAsString() + "' was overwritten through '" +
                        r.field->getNameAsString() + "'";
      Value u;
      if (other->getType()->isIntegralOrEnumerationType()) {
        u = unknownValue(why, other->getType());
      } else {
        u.kind = Value::Unknown;
        u.reason = why;
      }
      writeSlot(o, u);
    }
  writeSlot(r, std::move(v));
}

void Interp::writeSlot(const LRef &r, Value v) {
  if (journalActive) {
    JournalEntry e;
    e.ref = r;
    if (Value *old = slot(r))
      e.old = *old;
    journal.push_back(std::move(e));
  }
  switch (r.kind) {
  case LRef::Local:
    r.frame->locals[r.decl] = std::move(v);
    break;
  case LRef::Field:
    r.obj->fields[r.field] = std::move(v);
    break;
  case LRef::Global:
    globals[r.decl] = std::move(v);
    break;
  case LRef::Elem:
    r.obj->elems[r.index] = std::move(v);
    break;
  default:
    break;
  }
}

// A write to `a[i]` whose index is not a constant: every element of the
// array `a` (or of the array an outer subscript names) becomes unknown.
static void havocArrayOf(Interp &in, const Expr *lhs) {
  const auto *as = dyn_cast<ArraySubscriptExpr>(lhs->IgnoreParenImpCasts());
  if (!as)
    return;
  const Expr *base = as->getBase()->IgnoreParenImpCasts();
  LRef br = in.evalLValue(base);
  Value bv = br.kind != LRef::None ? in.read(br, base->getType()) : Value();
  if (bv.kind == Value::Obj && bv.obj && bv.obj->isArray) {
    bv.obj->elems.clear();
    bv.obj->zeroFilled = false;
    bv.obj->symIndex = nullptr;
    bv.obj->summary.reset();
    return;
  }
  havocArrayOf(in, base); // `a[i][0]`: the outer array
}

// A value written where an earlier return may have been taken is
// `alive ? new : old` (write); read on a path that holds `alive` (the same
// guard again: Process's `if (GetBlockIdx() >= n) return;` after Init's), it
// is the new value. Conjuncts of the path are compared structurally.
static Sym selectUnderPath(const Sym &v, const Sym &path) {
  const Sym *sel = &v;
  if (v->op == SymOp::Cast && v->args.size() == 1)
    sel = &v->args[0];
  if ((*sel)->op != SymOp::Select || (*sel)->args.size() != 3)
    return nullptr;
  std::vector<Sym> work{path};
  while (!work.empty()) {
    Sym c = work.back();
    work.pop_back();
    if (c->op == SymOp::LAnd) {
      work.insert(work.end(), c->args.begin(), c->args.end());
      continue;
    }
    const Sym &g = (*sel)->args[0];
    Sym pick;
    if (structurallyEqual(c, g))
      pick = (*sel)->args[1];
    else if ((c->op == SymOp::LNot && structurallyEqual(c->args[0], g)) ||
             (g->op == SymOp::LNot && structurallyEqual(g->args[0], c)))
      pick = (*sel)->args[2];
    if (pick)
      return sel == &v ? pick : mkCast(pick, v->type);
  }
  return nullptr;
}

Value Interp::read(const LRef &r, QualType t) {
  if (Value *v = slot(r)) {
    if (v->kind == Value::Scalar && v->sym && (v->sym->op == SymOp::Select || v->sym->op == SymOp::Cast))
      if (Sym p = selectUnderPath(v->sym, currentCond()))
        return scalar(p);
    return *v;
  }
  if (r.kind == LRef::Elem && r.obj) {
    QualType et = r.obj->elemType;
    if (r.obj->summary && r.index != kSymElem && !et.isNull() && et->isIntegralOrEnumerationType())
      return summaryElement(*r.obj, mkConst(r.index), et);
    if (r.index == kSymElem)
      return unknownValue("element '" + refName(r) + "' is not known", et.isNull() ? t : et);
    if (r.obj->zeroFilled && !et.isNull() && et->isIntegralOrEnumerationType())
      return scalar(mkConst(0, intTypeOf(ctx, et)));
    std::string name = r.obj->origin.empty() ? "" : r.obj->origin + "[" + std::to_string(r.index) + "]";
    Value v = makeFieldValue(et, name, nullptr);
    r.obj->elems[r.index] = v;
    return v;
  }
  if (r.kind == LRef::Field && r.obj) {
    // A field never written: a named input if the object stands for data
    // from outside (tiling struct), else an unknown.
    std::string name = r.obj->origin.empty() ? "" : r.obj->origin + "." + r.field->getNameAsString();
    Value v = makeFieldValue(r.field->getType(), name, r.field);
    r.obj->fields[r.field] = v; // not journaled: reading creates, never changes
    return v;
  }
  if (r.kind == LRef::Local)
    return unknownValue("uninitialised variable '" + r.decl->getNameAsString() + "'", t);
  return unknownValue("unknown location", t);
}

// A fresh value for a field or variable of type `t` that comes from outside.
Value Interp::makeFieldValue(QualType t, const std::string &name, const FieldDecl *fd) {
  QualType ct = t.getCanonicalType().getNonReferenceType();
  if (ct->isIntegralOrEnumerationType()) {
    if (name.empty())
      return unknownValue(
          "field '" + (fd ? fd->getNameAsString() : std::string("?")) + "' is read before it is written", ct);
    return scalar(mkVar(name, intTypeOf(ctx, ct), VarRole::Input));
  }
  if (const auto *rd = ct->getAsCXXRecordDecl()) {
    Value v;
    v.kind = Value::Obj;
    v.obj = newObject(rd, name);
    return v;
  }
  if (ct->isConstantArrayType())
    return newArray(ct, name, nullptr);
  Value v;
  v.kind = Value::Unknown;
  v.reason = "value of type '" + ct.getAsString() + "' is not modelled";
  return v;
}

// `a[i]` of a short integer array at an index that is not a constant: the
// choice among its elements by the index (tiling arrays read per tensor of
// a list: ops-math mem_set_v2's `dtypesList[gmIndex]`); past the last
// element, an opaque value. Anything else: an unknown value.
Value Interp::elementAtSymbolicIndex(const ArraySubscriptExpr *as, const Value &index, QualType t) {
  constexpr int64_t kMaxElems = 32; // a select per element in every question that uses it
  Value none;
  none.kind = Value::Unknown;
  const Expr *base = as->getBase()->IgnoreParenImpCasts();
  if (index.kind != Value::Scalar || !index.sym || !t->isIntegralOrEnumerationType())
    return none;
  LRef br = evalLValue(base);
  if (br.kind == LRef::None)
    return none;
  Value bv = read(br, base->getType());
  if (bv.kind == Value::Obj && bv.obj && bv.obj->summary)
    return summaryElement(*bv.obj, toMath(index.sym), t);
  if (bv.kind != Value::Obj || !bv.obj || !bv.obj->isArray || bv.obj->arraySize <= 0 || bv.obj->elemType.isNull() ||
      !bv.obj->elemType->isIntegralOrEnumerationType())
    return none;
  if (bv.obj->arraySize > kMaxElems)
    return unreadInputElement(*bv.obj, as, toMath(index.sym), t);
  IntType et = intTypeOf(ctx, t);
  Sym i = toMath(index.sym);
  Sym v =
      mkOpaque("'" + exprText(as) + "' past the " + std::to_string(bv.obj->arraySize) + " elements of its array", et);
  for (int64_t k = bv.obj->arraySize - 1; k >= 0; --k) {
    LRef r;
    r.kind = LRef::Elem;
    r.obj = bv.obj;
    r.index = k;
    Value ek = read(r, bv.obj->elemType);
    if (ek.kind != Value::Scalar || !ek.sym)
      return none;
    v = mkSelect(mkCmp(SymOp::Eq, i, mkConst(k)), mkCast(ek.sym, et), v);
  }
  return scalar(v);
}

// Element i of a long array of host data no code has written (a tiling
// struct's `TILING_DATA_FIELD_DEF_ARR(uint64_t, 256, blockNumList)`, too long
// for a select per element): any value, as each of its elements is. One
// variable per array and index (the same `list[i]` read twice is one value);
// in a loop, one per iteration, which each copy of the body renames (a choice:
// a failure for some value is a counterexample, never a violation). Anything
// else about the array (an element written, a summary) is not this form.
Value Interp::unreadInputElement(const ObjState &o, const ArraySubscriptExpr *as, const Sym &i, QualType t) {
  Value none;
  none.kind = Value::Unknown;
  if (o.origin.empty() || o.summary || o.zeroFilled || o.symIndex || !t->isIntegralOrEnumerationType())
    return none;
  for (const auto &[k, v] : o.elems)
    if (v.kind != Value::Scalar || !v.sym || v.sym->op != SymOp::Var || v.sym->var->role != VarRole::Input ||
        v.sym->var->name != o.origin + "[" + std::to_string(k) + "]")
      return none;
  const int loop = loopStack.empty() ? -1 : loopStack.back();
  const std::string name = o.origin + "[" + exprText(as->getIdx()) + "]";
  // The index's text names it, short of opaque values (all alike in text)
  // and of text too long to be whole: those reads are values of their own.
  constexpr size_t kMaxKeyChars = 1 << 12;
  std::string indexText = containsOpaque(i) ? std::string() : toString(i, kMaxKeyChars);
  const bool named = !indexText.empty() && indexText.size() <= kMaxKeyChars;
  auto key = std::make_tuple(&o, loop, std::move(indexText));
  if (dryRun == 0 && named)
    if (auto it = unreadElements.find(key); it != unreadElements.end())
      return scalar(mkCast(it->second, intTypeOf(ctx, t)));
  Sym v;
  if (loop < 0) {
    v = mkVar(name, intTypeOf(ctx, o.elemType), VarRole::Input);
  } else {
    VarInfo like;
    like.role = VarRole::Internal;
    like.choice = VarInfo::Choice::InLoop;
    like.choiceLoop = loop;
    v = mkVarLike(name, intTypeOf(ctx, o.elemType), like);
  }
  if (dryRun == 0 && named)
    unreadElements.emplace(key, v);
  return scalar(mkCast(v, intTypeOf(ctx, t)));
}

// Element j of an array a loop filled (ObjState::LoopSummary): what the
// iteration i = j wrote, where the loop ran that iteration; anything else is
// an opaque value. Each read gets its own copy of what was per iteration
// (values made in the loop body: a loaded value, a loop-carried scalar).
Value Interp::summaryElement(const ObjState &o, const Sym &j, QualType t) {
  const ObjState::LoopSummary &S = *o.summary;
  IntType et = intTypeOf(ctx, t);
  for (const auto &[at, val] : S.read)
    if (structurallyEqual(at, j))
      return scalar(val->type == et ? val : mkCast(val, et));
  std::map<uint32_t, Sym> fresh;
  // The iteration that wrote element j.
  Sym i = S.offset ? sub(toMath(j), S.offset) : j;
  Sym at = substitute(S.value, [&](const VarInfo &vi) -> Sym {
    if (vi.id == S.ivId)
      return i;
    if (vi.id < S.freshFrom || vi.role == VarRole::Input)
      return nullptr;
    Sym &f = fresh[vi.id];
    if (!f)
      f = mkVarLike(vi.name, IntType::math(), vi);
    return f;
  });
  Sym jm = toMath(i);
  Sym ran = mkAnd(S.guard, mkAnd(mkCmp(SymOp::Le, toMath(S.lo), jm), mkCmp(SymOp::Lt, jm, toMath(S.hi))));
  Sym other = mkOpaque("an element the loop" + S.where + " did not write", et);
  Sym val = mkSelect(ran, mkCast(at, et), other);
  if (S.read.size() < 64)
    S.read.push_back({j, val});
  return scalar(val);
}

// A fixed-size array: an object whose elements are tracked by constant index.
Value Interp::newArray(QualType arrayType, const std::string &origin, const Expr *init) {
  Value v;
  v.kind = Value::Obj;
  v.obj = std::make_shared<ObjState>();
  own(*v.obj);
  v.obj->isArray = true;
  v.obj->origin = origin;
  if (const auto *at = ctx.getAsConstantArrayType(arrayType)) {
    v.obj->elemType = at->getElementType();
    v.obj->arraySize = int64_t(at->getSize().getZExtValue());
  }
  if (const auto *il = dyn_cast_or_null<InitListExpr>(init ? init->IgnoreImplicit() : nullptr)) {
    v.obj->zeroFilled = true;
    for (unsigned i = 0; i < il->getNumInits(); ++i) {
      Value ev = eval(il->getInit(i));
      if (!v.obj->elemType.isNull() && v.obj->elemType->isIntegralOrEnumerationType())
        ev = scalar(asSym(ev, v.obj->elemType, il->getBeginLoc()));
      v.obj->elems[i] = ev;
    }
  }
  return v;
}

std::shared_ptr<ObjState> Interp::newObject(const CXXRecordDecl *rd, const std::string &origin) {
  auto o = std::make_shared<ObjState>();
  own(*o);
  o->rec = rd;
  o->origin = origin;
  o->api = classifyApiClass(rd);
  if (o->api == ApiClass::Queue || o->api == ApiClass::TBuf || o->api == ApiClass::BufPool)
    readQueueTemplateArgs(*o);
  return o;
}

// TQue<pos, depth>, TQueBind<src, dst, depth>, TBuf<pos>: read positions.
void Interp::readQueueTemplateArgs(ObjState &o) {
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(o.rec);
  if (!spec)
    return;
  const auto &args = spec->getTemplateArgs();
  auto intArg = [&](unsigned i) -> std::optional<int64_t> {
    if (i >= args.size() || args[i].getKind() != TemplateArgument::Integral)
      return std::nullopt;
    return args[i].getAsIntegral().getExtValue();
  };
  std::string name = spec->getName().str();
  auto p = [](std::optional<int64_t> v) { return v ? TPos(*v) : TPos::VECCALC; };
  if (name == "TQueBind") {
    o.srcPos = p(intArg(0));
    o.dstPos = p(intArg(1));
    o.depth = intArg(2).value_or(1);
    // GetBufferPos (asc-devkit impl/basic_api/kernel_event.h:459): the
    // destination's memory unless the destination is GM or CO2.
    o.memPos = (o.dstPos == TPos::GM || o.dstPos == TPos::CO2) ? o.srcPos : o.dstPos;
  } else if (name == "TQue") {
    TPos pos = p(intArg(0));
    o.memPos = pos;
    o.depth = intArg(1).value_or(1);
    switch (pos) {
    case TPos::VECIN:
      o.srcPos = TPos::GM;
      o.dstPos = TPos::VECIN;
      break;
    case TPos::VECOUT:
      o.srcPos = TPos::VECOUT;
      o.dstPos = TPos::GM;
      break;
    case TPos::A1:
      o.srcPos = TPos::GM;
      o.dstPos = TPos::A1;
      break;
    case TPos::B1:
      o.srcPos = TPos::GM;
      o.dstPos = TPos::B1;
      break;
    case TPos::A2:
      o.srcPos = TPos::A1;
      o.dstPos = TPos::A2;
      break;
    case TPos::B2:
      o.srcPos = TPos::B1;
      o.dstPos = TPos::B2;
      break;
    case TPos::CO1:
      o.srcPos = TPos::CO1;
      o.dstPos = TPos::CO2;
      break;
    case TPos::CO2:
      o.srcPos = TPos::CO2;
      o.dstPos = TPos::GM;
      break;
    case TPos::C1:
      o.srcPos = TPos::GM;
      o.dstPos = TPos::C1;
      break;
    case TPos::C2:
      o.srcPos = TPos::C1;
      o.dstPos = TPos::C2;
      break;
    case TPos::SPM:
      o.srcPos = TPos::VECOUT;
      o.dstPos = TPos::GM;
      break;
    case TPos::C2PIPE2GM:
      o.srcPos = TPos::B1;
      o.dstPos = TPos::C2PIPE2GM;
      break;
    default:
      // GetBufferLogicPos maps the position to MAX (VECCALC): a queue whose
      // EnQue/DeQue carry no event (kernel_event.h GetQueEvt).
      o.srcPos = pos;
      o.dstPos = pos;
      o.eventless = true;
      break;
    }
  } else if (name == "TBuf") {
    TPos pos = p(intArg(0));
    if (!intArg(0))
      pos = TPos::VECCALC;
    o.srcPos = o.dstPos = o.memPos = pos;
    o.depth = 0;
  } else if (name == "TBufPool") {
    TPos pos = p(intArg(0));
    o.srcPos = o.dstPos = o.memPos = pos;
  }
}

namespace {
// The source ranges of what Clang kept of code that did not compile:
// expressions that contain errors and invalid declarations.
void errorNodes(const Stmt *s, std::vector<SourceRange> &ranges) {
  if (!s)
    return;
  if (const auto *e = dyn_cast<Expr>(s); e && e->containsErrors())
    ranges.push_back(e->getSourceRange());
  if (const auto *ds = dyn_cast<DeclStmt>(s))
    for (const Decl *d : ds->decls())
      if (d->isInvalidDecl())
        ranges.push_back(d->getSourceRange());
  for (const Stmt *c : s->children())
    errorNodes(c, ranges);
}
} // namespace

// The block whose statements `l` lies between (not inside any of them): the
// innermost compound statement of `s` with `l` in a gap; null when `l` is
// inside a statement that is not a block.
const CompoundStmt *Interp::gapOf(const Stmt *s, SourceLocation l) const {
  if (!s)
    return nullptr;
  auto inside = [&](const Stmt *x) {
    SourceLocation b = sm.getExpansionLoc(x->getBeginLoc()), e = sm.getExpansionLoc(x->getEndLoc());
    return b.isValid() && e.isValid() && !sm.isBeforeInTranslationUnit(l, b) && !sm.isBeforeInTranslationUnit(e, l);
  };
  if (!inside(s))
    return nullptr;
  for (const Stmt *c : s->children())
    if (c && inside(c))
      return gapOf(c, l);
  return dyn_cast<CompoundStmt>(s);
}

// Statements Clang dropped between `from` (the end of the previous statement
// of the block) and `to`: one Unmodelled operation naming the first error;
// what their text names becomes unknown — scalars get unknown values, tensors
// unknown regions (and unknown values when assigned), objects lose their
// fields, and a call to a method of the current object makes its scalar
// fields unknown. Naming a pipe, queue or buffer object (whose state the
// interpreter cannot make unknown) leaves the kernel incomplete.
void Interp::droppedStatements(const std::vector<size_t> &errs, SourceLocation from, SourceLocation to) {
  SourceLocation fb = sm.getExpansionLoc(from), te = sm.getExpansionLoc(to);
  if (fb.isInvalid() || te.isInvalid() || !model.incomplete.empty())
    return;
  std::vector<size_t> here;
  for (size_t i : errs) {
    SourceLocation l = sm.getExpansionLoc(SourceLocation::getFromRawEncoding(errorLocs[i]));
    if (sm.isBeforeInTranslationUnit(fb, l) && sm.isBeforeInTranslationUnit(l, te))
      here.push_back(i);
  }
  if (here.empty())
    return;
  SourceLoc sl = loc(SourceLocation::getFromRawEncoding(errorLocs[here[0]]));
  std::string msg = errorMsgs[here[0]];
  std::string why = "a statement that does not compile (" + sl.file + ":" + std::to_string(sl.line) + ": " + msg + ")";
  // The dropped text: from after the previous statement's last token.
  std::string text;
  if (sm.getFileID(fb) == sm.getFileID(te)) {
    const char *p = sm.getCharacterData(fb), *q = sm.getCharacterData(te);
    if (from != to && p < q)
      p += std::min<size_t>(q - p, clang::Lexer::MeasureTokenLength(fb, sm, ctx.getLangOpts()));
    if (p < q && q - p < 100000)
      text.assign(p, q);
  }
  std::set<std::string> names;
  for (size_t i = 0; i < text.size();) {
    unsigned char ch = static_cast<unsigned char>(text[i]);
    if (isalpha(ch) || ch == '_') {
      size_t j = i;
      while (j < text.size() && (isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_'))
        ++j;
      names.insert(text.substr(i, j - i));
      i = j;
    } else {
      ++i;
    }
  }
  auto assigned = [&](const std::string &n) {
    for (size_t pos = text.find(n); pos != std::string::npos; pos = text.find(n, pos + 1)) {
      size_t k = pos + n.size();
      while (k < text.size() && isspace(static_cast<unsigned char>(text[k])))
        ++k;
      if (k < text.size() && text[k] == '=' && (k + 1 >= text.size() || text[k + 1] != '='))
        return true;
    }
    return false;
  };
  Frame *f = frames.empty() ? nullptr : frames.back().get();
  std::vector<Region> regions;
  // The damage to one location named `n` holding `cur`; false: not localisable.
  auto damage = [&](const LRef &r, const std::string &n, const Value &cur, QualType t) {
    switch (cur.kind) {
    case Value::Obj:
    case Value::ObjPtr:
      if (!cur.obj || cur.obj->api != ApiClass::None)
        return false;
      cur.obj->fields.clear();
      if (cur.obj->origin.empty())
        cur.obj->origin = n;
      return true;
    case Value::Tensor:
      regions.push_back(regionOf(cur.t, nullptr, true, n));
      if (assigned(n))
        write(r, unknownValue("'" + n + "' set by " + why, t));
      return true;
    case Value::Choice: // any of its buffers
      for (const auto &alt : *cur.alts)
        regions.push_back(regionOf(alt.second, nullptr, true, n));
      if (assigned(n))
        write(r, unknownValue("'" + n + "' set by " + why, t));
      return true;
    case Value::GmPtr:
      if (assigned(n))
        write(r, unknownValue("'" + n + "' set by " + why, t));
      return true;
    default:
      write(r, unknownValue("'" + n + "' used by " + why, t));
      return true;
    }
  };
  bool localised = true;
  bool callsMethod = false;
  if (f)
    for (auto &[d, v] : f->locals)
      if (names.count(d->getNameAsString())) {
        LRef r;
        r.kind = LRef::Local;
        r.frame = f;
        r.frameSerial = f->serial;
        r.decl = d;
        localised &= damage(r, d->getNameAsString(), v, d->getType());
      }
  std::shared_ptr<ObjState> self = f ? f->thisObj : nullptr;
  if (self && self->rec && self->api == ApiClass::None) {
    for (const FieldDecl *fd : self->rec->fields()) {
      if (!names.count(fd->getNameAsString()))
        continue;
      LRef r;
      r.kind = LRef::Field;
      r.obj = self;
      r.field = fd;
      Value cur = read(r, fd->getType());
      localised &= damage(r, fd->getNameAsString(), cur, fd->getType());
    }
    for (const CXXMethodDecl *md : self->rec->methods())
      callsMethod |= md->getIdentifier() && names.count(md->getNameAsString());
    if (callsMethod) // the method may set any of them
      for (const FieldDecl *fd : self->rec->fields()) {
        QualType ft = fd->getType();
        if (!ft->isIntegralOrEnumerationType() && !ft->isRealFloatingType())
          continue;
        LRef r;
        r.kind = LRef::Field;
        r.obj = self;
        r.field = fd;
        write(r, unknownValue("'" + fd->getNameAsString() + "' set by " + why, ft));
      }
  }
  if (!localised) {
    model.incomplete = "'" + (f && f->fn ? f->fn->getNameAsString() : std::string("the kernel")) +
                       "' does not compile (" + sl.file + ":" + std::to_string(sl.line) + ": " + msg +
                       "); the kernel is not verified";
    model.unknowns.push_back({model.incomplete, sl});
    return;
  }
  if (!dryRun) {
    Op &op = addOp(OpKind::Unmodelled, "<does not compile>", nullptr);
    op.loc = sl;
    op.unknownReason = why;
    op.regions = std::move(regions);
    bool known = false;
    for (const UnknownNote &n : model.compileErrors)
      known |= n.loc.line == sl.line && n.loc.file == sl.file && n.loc.column == sl.column;
    if (!known)
      model.compileErrors.push_back({msg, sl});
  }
}

// Errors inside a function the kernel runs: each one Clang kept as an
// expression with errors or an invalid declaration is localised (that
// expression becomes one unmodelled operation, see evalErrorExpr); one it
// dropped (a statement gone from the AST) leaves the function's effect
// unknown, and the kernel is not verified.
void Interp::checkCompileErrors(const FunctionDecl *fd) {
  // The recorded run after a loop's dry run checks the same functions.
  if (errorLocs.empty() || !model.incomplete.empty() || !fd || dryRun || !errorChecked.insert(fd).second)
    return;
  SourceRange r = fd->getSourceRange();
  SourceLocation b = sm.getExpansionLoc(r.getBegin()), e = sm.getExpansionLoc(r.getEnd());
  if (b.isInvalid() || e.isInvalid())
    return;
  auto inside = [&](SourceLocation l, SourceLocation lo, SourceLocation hi) {
    return !sm.isBeforeInTranslationUnit(l, lo) && !sm.isBeforeInTranslationUnit(hi, l);
  };
  std::optional<std::vector<SourceRange>> nodes;
  for (size_t i = 0; i < errorLocs.size(); ++i) {
    SourceLocation l = sm.getExpansionLoc(SourceLocation::getFromRawEncoding(errorLocs[i]));
    if (!l.isValid() || !inside(l, b, e))
      continue;
    if (!nodes) {
      nodes.emplace();
      for (const ParmVarDecl *p : fd->parameters())
        if (p->isInvalidDecl())
          nodes->push_back(p->getSourceRange());
      if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fd))
        for (const CXXCtorInitializer *init : ctor->inits())
          errorNodes(init->getInit(), *nodes);
      errorNodes(fd->getBody(), *nodes);
    }
    bool covered = false;
    for (const SourceRange &nr : *nodes) {
      SourceLocation nb = sm.getExpansionRange(nr).getBegin(), ne = sm.getExpansionRange(nr).getEnd();
      if (nb.isValid() && ne.isValid() && inside(l, nb, ne)) {
        covered = true;
        break;
      }
    }
    SourceLoc sl = loc(l);
    std::string msg = i < errorMsgs.size() ? errorMsgs[i] : std::string("compile error");
    if (!covered) {
      // A statement Clang dropped whole (an undeclared type or namespace from
      // a missing header): localised when it sat between the statements of a
      // block; droppedStatements applies its effect there.
      if (const CompoundStmt *cs = gapOf(fd->getBody(), l)) {
        gapErrors[cs].push_back(i);
        continue;
      }
      model.incomplete = "'" + fd->getNameAsString() + "' does not compile (" + sl.file + ":" +
                         std::to_string(sl.line) + ": " + msg + "); the kernel is not verified";
      model.unknowns.push_back({model.incomplete, sl});
      return;
    }
    bool known = false;
    for (const UnknownNote &n : model.compileErrors)
      known |= n.loc.line == sl.line && n.loc.file == sl.file && n.loc.column == sl.column;
    if (!known)
      model.compileErrors.push_back({msg, sl});
  }
}

std::optional<size_t> Interp::errorIn(SourceRange r) const {
  SourceLocation b = sm.getExpansionRange(r).getBegin(), e = sm.getExpansionRange(r).getEnd();
  for (size_t i = 0; i < errorLocs.size() && i < errorMsgs.size(); ++i) {
    SourceLocation l = sm.getExpansionLoc(SourceLocation::getFromRawEncoding(errorLocs[i]));
    if (l.isValid() && b.isValid() && e.isValid() && !sm.isBeforeInTranslationUnit(l, b) &&
        !sm.isBeforeInTranslationUnit(e, l))
      return i;
  }
  return std::nullopt;
}

std::string Interp::errorMessageIn(SourceRange r) const {
  if (std::optional<size_t> i = errorIn(r))
    return errorMsgs[*i];
  // An error inside a template this code instantiates (a class template in a
  // header): Clang's message and where it is.
  SourceLocation b = sm.getExpansionRange(r).getBegin(), e = sm.getExpansionRange(r).getEnd();
  for (size_t i = 0; i < siteLocs.size() && i < siteMsgs.size(); ++i) {
    SourceLocation l = sm.getExpansionLoc(SourceLocation::getFromRawEncoding(siteLocs[i]));
    if (l.isValid() && b.isValid() && e.isValid() && !sm.isBeforeInTranslationUnit(l, b) &&
        !sm.isBeforeInTranslationUnit(e, l))
      return siteMsgs[i];
  }
  return "a compile error";
}

// An expression that did not compile: the parts of it that did are evaluated
// (their calls and effects happen), the tensors among them get unknown
// regions in one Unmodelled operation, what it may assign or get by
// reference becomes unknown, and its value is opaque.
Value Interp::evalErrorExpr(const Expr *e) {
  std::string why = "code that does not compile (" + errorMessageIn(e->getSourceRange()) + ")";
  // No error inside the expression: it names a declaration that did not
  // compile (Clang reports the error once, where the declaration is).
  if (!errorIn(e->getSourceRange())) {
    // The declaration it names that did not compile: a variable or member,
    // or the class of an object it uses (a class template whose member did
    // not compile: the error is in the template's own text).
    std::function<const NamedDecl *(const Stmt *)> invalidRef = [&](const Stmt *s) -> const NamedDecl * {
      if (!s)
        return nullptr;
      auto invalidClass = [](QualType t) -> const NamedDecl * {
        const CXXRecordDecl *rd = t.isNull() ? nullptr : t.getNonReferenceType()->getAsCXXRecordDecl();
        return rd && rd->isInvalidDecl() ? rd : nullptr;
      };
      if (const auto *dre = dyn_cast<DeclRefExpr>(s); dre && dre->getDecl()->isInvalidDecl()) {
        const NamedDecl *cls = invalidClass(dre->getDecl()->getType());
        return cls ? cls : dre->getDecl();
      }
      if (const auto *me = dyn_cast<MemberExpr>(s); me && me->getMemberDecl()->isInvalidDecl())
        return me->getMemberDecl();
      if (const auto *ex = dyn_cast<Expr>(s))
        if (const NamedDecl *cls = invalidClass(ex->getType()))
          return cls;
      for (const Stmt *c : s->children())
        if (const NamedDecl *d = invalidRef(c))
          return d;
      return nullptr;
    };
    if (const NamedDecl *d = invalidRef(e)) {
      SourceRange range = d->getSourceRange();
      if (const auto *rd = dyn_cast<CXXRecordDecl>(d))
        if (const CXXRecordDecl *pattern = rd->getTemplateInstantiationPattern())
          range = pattern->getSourceRange();
      if (std::optional<size_t> i = errorIn(range)) {
        SourceLoc dl = loc(SourceLocation::getFromRawEncoding(errorLocs[*i]));
        why = "code that does not compile ('" + d->getNameAsString() + "' does not compile: " + dl.file + ":" +
              std::to_string(dl.line) + ": " + errorMsgs[*i] + ")";
      }
    }
  }
  std::vector<Value> vals;
  std::vector<const Expr *> parts;
  std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
    for (const Stmt *c : s->children()) {
      const auto *ce = dyn_cast_or_null<Expr>(c);
      if (!ce)
        continue;
      if (ce->containsErrors() || ce->isTypeDependent() || ce->isValueDependent()) {
        walk(ce);
        continue;
      }
      vals.push_back(eval(ce));
      parts.push_back(ce);
    }
  };
  walk(e);
  if (!dryRun) {
    Op &op = addOp(OpKind::Unmodelled, "<does not compile>", nullptr);
    op.loc = loc(e->getBeginLoc());
    op.unknownReason = why;
    for (size_t i = 0; i < vals.size(); ++i)
      if (vals[i].kind == Value::Tensor)
        op.regions.push_back(regionOf(vals[i].t, nullptr, true, "arg" + std::to_string(i)));
  }
  // Whatever it names may be assigned or taken by reference.
  for (size_t i = 0; i < parts.size(); ++i) {
    const Expr *a = parts[i]->IgnoreParenImpCasts();
    if (const auto *u = dyn_cast<UnaryOperator>(a); u && u->getOpcode() == UO_AddrOf)
      a = u->getSubExpr()->IgnoreParenImpCasts();
    if (!a->isLValue() || a->getType().isConstQualified() || vals[i].kind == Value::Tensor)
      continue;
    LRef r = evalLValue(a);
    if (r.kind == LRef::None)
      continue;
    Value cur = read(r, a->getType());
    if (cur.kind == Value::Obj && cur.obj) {
      if (cur.obj->api == ApiClass::None) {
        cur.obj->fields.clear();
        if (cur.obj->origin.empty())
          cur.obj->origin = exprText(a);
      }
      continue;
    }
    if (cur.kind == Value::Scalar || cur.kind == Value::Unknown)
      write(r, unknownValue("'" + exprText(a) + "' used by " + why, a->getType()));
  }
  return unknownValue("result of " + why, e->getType());
}

// ------------------------------------------------------------- journaling

size_t Interp::mark() { return journal.size(); }

std::vector<std::pair<LRef, Value>> Interp::rollback(size_t m) {
  // Collect final values of written locations (first write wins the "old").
  std::vector<std::pair<LRef, Value>> finals;
  std::set<std::tuple<void *, const void *, int>> seen;
  for (size_t i = m; i < journal.size(); ++i) {
    const LRef &r = journal[i].ref;
    if (!frameLive(r))
      continue;
    auto key = std::make_tuple((void *)(r.kind == LRef::Local ? (void *)r.frame : (void *)r.obj.get()),
                               (const void *)(r.kind == LRef::Field  ? (const void *)r.field
                                              : r.kind == LRef::Elem ? (const void *)(intptr_t)(r.index + 1)
                                                                     : (const void *)r.decl),
                               int(r.kind));
    if (seen.insert(key).second) {
      Value *v = slot(r);
      finals.push_back({r, v ? *v : Value()});
    }
  }
  while (journal.size() > m) {
    JournalEntry e = std::move(journal.back());
    journal.pop_back();
    const LRef &r = e.ref;
    if (!frameLive(r))
      continue;
    if (e.old) {
      switch (r.kind) {
      case LRef::Local:
        r.frame->locals[r.decl] = *e.old;
        break;
      case LRef::Field:
        r.obj->fields[r.field] = *e.old;
        break;
      case LRef::Global:
        globals[r.decl] = *e.old;
        break;
      case LRef::Elem:
        r.obj->elems[r.index] = *e.old;
        break;
      default:
        break;
      }
    } else {
      switch (r.kind) {
      case LRef::Local:
        r.frame->locals.erase(r.decl);
        break;
      case LRef::Field:
        r.obj->fields.erase(r.field);
        break;
      case LRef::Global:
        globals.erase(r.decl);
        break;
      case LRef::Elem:
        r.obj->elems.erase(r.index);
        break;
      default:
        break;
      }
    }
  }
  return finals;
}

static bool sameSym(const Sym &a, const Sym &b) {
  if (a == b)
    return true;
  return a && b && structurallyEqual(a, b);
}

// A tensor's address (GetPhyAddr()) held in a 64-bit integer stays one.
bool Interp::tensorAddress(const Value &v, QualType t) const {
  QualType ct = t.getCanonicalType();
  return v.kind == Value::GmPtr && v.p.localView() && ct->isIntegerType() && ctx.getTypeSize(ct) == 64;
}

// Two pointers to the same memory (and view): one pointer, offsets by select.
static bool samePointee(const GmPtrVal &a, const GmPtrVal &b) {
  return a.root == b.root && a.local == b.local && a.mem == b.mem && !a.view == !b.view &&
         (!a.view || (a.view->global == b.view->global && a.view->bufferId == b.view->bufferId &&
                      sameSym(a.view->slot, b.view->slot) && sameSym(a.view->offsetBytes, b.view->offsetBytes)));
}

Value Interp::mergeValues(const Sym &c, const Value &a, const Value &b, const std::string &what) {
  if (a.kind == Value::Scalar && b.kind == Value::Scalar && a.sym && b.sym)
    return scalar(mkSelect(c, a.sym, b.sym));
  if (a.kind == Value::Tensor && b.kind == Value::Tensor && a.t.global == b.t.global && a.t.bufferId == b.t.bufferId &&
      a.t.elemBytes == b.t.elemBytes) {
    Value r = a;
    r.t.offsetBytes = mkSelect(c, a.t.offsetBytes, b.t.offsetBytes);
    if (a.t.sizeBytes && b.t.sizeBytes)
      r.t.sizeBytes = mkSelect(c, a.t.sizeBytes, b.t.sizeBytes);
    else
      r.t.sizeBytes = nullptr;
    if (a.t.slot && b.t.slot)
      r.t.slot = mkSelect(c, a.t.slot, b.t.slot);
    return r;
  }
  if (a.kind == Value::Obj && b.kind == Value::Obj && a.obj == b.obj)
    return a;
  if (a.kind == Value::GmPtr && b.kind == Value::GmPtr && samePointee(a.p, b.p)) {
    Value r = a;
    r.p.offsetBytes = mkSelect(c, a.p.offsetBytes, b.p.offsetBytes);
    return r;
  }
  if (a.kind == Value::Undef)
    return b;
  if (b.kind == Value::Undef)
    return a;
  if (Value ch = mergeTensorChoice(c, a, b, what); ch.kind != Value::Undef)
    return ch;
  if (Value ch = mergePointerChoice(c, a, b, what); ch.kind != Value::Undef)
    return ch;
  Value u;
  u.kind = Value::Unknown;
  u.reason = "'" + what + "' differs between the branches of a condition";
  return u;
}

std::vector<std::pair<Sym, Value>> Interp::pointerAlternatives(const Value &p) {
  std::vector<std::pair<Sym, Value>> out;
  if (p.kind == Value::GmPtr) {
    out.push_back({nullptr, p});
  } else if (p.kind == Value::Unknown && p.ptrAlts) {
    for (const auto &[c, gp] : *p.ptrAlts) {
      Value v;
      v.kind = Value::GmPtr;
      v.p = gp;
      out.push_back({c, v});
    }
  }
  return out;
}

Value Interp::movePointer(const Value &p, SymOp op, const Sym &d) {
  if (p.kind == Value::GmPtr) {
    Value nv = p;
    nv.p.offsetBytes = mkBin(op, p.p.offsetBytes, d, IntType::u64());
    return nv;
  }
  if (p.kind != Value::Unknown || !p.ptrAlts)
    return p;
  auto alts = std::make_shared<std::vector<std::pair<Sym, GmPtrVal>>>(*p.ptrAlts);
  for (auto &[c, gp] : *alts)
    gp.offsetBytes = mkBin(op, gp.offsetBytes, d, IntType::u64());
  Value nv = p;
  nv.ptrAlts = alts;
  return nv;
}

uint32_t Interp::pointerElemBytes(const Value &p) {
  if (p.kind == Value::GmPtr)
    return p.p.elemBytes;
  if (p.kind == Value::Unknown && p.ptrAlts && !p.ptrAlts->empty())
    return p.ptrAlts->front().second.elemBytes;
  return 1;
}

Value Interp::mergePointerChoice(const Sym &c, const Value &a, const Value &b, const std::string &what) {
  constexpr size_t kMaxAlternatives = 4; // each access through it is recorded once per alternative
  auto as = pointerAlternatives(a), bs = pointerAlternatives(b);
  if (as.empty() || bs.empty())
    return Value();
  std::vector<std::pair<Sym, GmPtrVal>> out;
  auto put = [&](Sym cond, const GmPtrVal &gp) {
    for (auto &[oc, op] : out)
      if (samePointee(op, gp) && op.elemBytes == gp.elemBytes) {
        op.offsetBytes = mkSelect(cond, gp.offsetBytes, op.offsetBytes);
        oc = mkOr(oc, cond);
        return;
      }
    out.push_back({cond, gp});
  };
  for (const auto &[ac, av] : as)
    put(ac ? mkAnd(c, ac) : c, av.p);
  Sym nc = mkNot(c);
  for (const auto &[bc, bv] : bs)
    put(bc ? mkAnd(nc, bc) : nc, bv.p);
  if (out.size() > kMaxAlternatives)
    return Value();
  Value v;
  v.kind = Value::Unknown;
  v.reason = "'" + what + "' is one of several pointers, chosen by a condition";
  v.ptrAlts = std::make_shared<const std::vector<std::pair<Sym, GmPtrVal>>>(std::move(out));
  return v;
}

// Two plain data structs (a tiling sub-struct chosen by a condition: `auto t
// = last ? tiling.tailTiling : tiling.mainTiling`) or small arrays: a new one
// whose every member is the two members merged (by select for numbers).
// Undef for API objects (queues, tensors' owners), classes with bases, and
// arrays of different shapes or over 64 elements.
Value Interp::mergeDataObjects(const Sym &c, const Value &a, const Value &b, const std::string &what, int depth) {
  const ObjState &x = *a.obj, &y = *b.obj;
  if (depth > 4 || x.api != ApiClass::None || y.api != ApiClass::None || x.isArray != y.isArray)
    return Value();
  Value r;
  r.kind = Value::Obj;
  r.obj = std::make_shared<ObjState>();
  own(*r.obj);
  auto member = [&](const Value &va, const Value &vb, const std::string &name) {
    if (va.kind == Value::Obj && vb.kind == Value::Obj && va.obj && vb.obj && va.obj != vb.obj)
      if (Value m = mergeDataObjects(c, va, vb, name, depth + 1); m.kind == Value::Obj)
        return m;
    return mergeValues(c, va, vb, name);
  };
  if (x.isArray) {
    if (x.arraySize != y.arraySize || x.arraySize <= 0 || x.arraySize > 64 || x.elemType.isNull() ||
        x.elemType.getCanonicalType() != y.elemType.getCanonicalType())
      return Value();
    r.obj->isArray = true;
    r.obj->elemType = x.elemType;
    r.obj->arraySize = x.arraySize;
    for (int64_t i = 0; i < x.arraySize; ++i) {
      LRef ra, rb;
      ra.kind = rb.kind = LRef::Elem;
      ra.obj = a.obj;
      rb.obj = b.obj;
      ra.index = rb.index = i;
      r.obj->elems[i] = member(read(ra, x.elemType), read(rb, y.elemType), what + "[" + std::to_string(i) + "]");
    }
    return r;
  }
  if (!x.rec || x.rec != y.rec || !x.rec->hasDefinition() || x.rec->getNumBases() != 0)
    return Value();
  r.obj->rec = x.rec;
  for (const FieldDecl *fd : x.rec->fields()) {
    LRef ra, rb;
    ra.kind = rb.kind = LRef::Field;
    ra.obj = a.obj;
    rb.obj = b.obj;
    ra.field = rb.field = fd;
    r.obj->fields[fd] = member(read(ra, fd->getType()), read(rb, fd->getType()), what + "." + fd->getNameAsString());
  }
  return r;
}

// Tensors of different buffers on the two sides of a condition: a Choice of
// them (InterpCore.h), alternatives of one buffer merged by select. Undef when
// either side is not a tensor or there would be too many alternatives.
Value Interp::mergeTensorChoice(const Sym &c, const Value &a, const Value &b, const std::string &what) {
  constexpr size_t kMaxAlternatives = 4; // each API call on it runs once per alternative
  // A default-constructed LocalTensor adds no alternative: the path where it
  // is still unassigned is kept as the choice's `unsetWhen`.
  Sym unset = mkBool(false);
  auto altsOf = [&](const Value &v, const Sym &side, TensorAlts &out) {
    if (v.kind == Value::Tensor && v.t.bufferId >= 0) {
      out.push_back({mkBool(true), v.t});
    } else if (v.kind == Value::Choice && v.alts) {
      out.insert(out.end(), v.alts->begin(), v.alts->end());
      if (v.unsetWhen)
        unset = mkOr(unset, mkAnd(side, v.unsetWhen));
    } else if (v.kind == Value::Tensor && !v.t.global && v.t.bufferId == -1 && v.reasonIfEmpty == kUnassignedTensor) {
      unset = mkOr(unset, side);
    } else {
      return false;
    }
    return true;
  };
  TensorAlts as, bs;
  if (!altsOf(a, c, as) || !altsOf(b, mkNot(c), bs) || (as.empty() && bs.empty()))
    return Value();
  TensorAlts out;
  auto add = [&](Sym cond, const TensorVal &t) {
    for (auto &[oc, ot] : out)
      if (ot.global == t.global && ot.bufferId == t.bufferId && ot.elemBytes == t.elemBytes) {
        Value x, y;
        x.kind = y.kind = Value::Tensor;
        x.t = ot;
        y.t = t;
        ot = mergeValues(oc, x, y, what).t; // same buffer: offsets by select
        oc = mkOr(oc, cond);
        return;
      }
    out.push_back({cond, t});
  };
  for (const auto &[ac, at] : as)
    add(mkAnd(c, ac), at);
  Sym nc = mkNot(c);
  for (const auto &[bc, bt] : bs)
    add(mkAnd(nc, bc), bt);
  if (out.size() > kMaxAlternatives)
    return Value();
  if (out.size() == 1 && isFalse(unset)) {
    Value v;
    v.kind = Value::Tensor;
    v.t = out[0].second;
    return v;
  }
  Value v;
  v.kind = Value::Choice;
  v.t.name = what;
  v.alts = std::make_shared<const TensorAlts>(std::move(out));
  if (!isFalse(unset))
    v.unsetWhen = unset;
  return v;
}

std::string Interp::refName(const LRef &r) const {
  if (r.kind == LRef::Field && r.field)
    return r.field->getNameAsString();
  if (r.decl)
    return r.decl->getNameAsString();
  return "?";
}

// ---------------------------------------------------------------- entry

KernelModel Interp::run(const FunctionDecl *entry) {
  model.name = entry->getNameAsString();
  model.loc = loc(entry->getLocation());
  // __mix__(1, 2) / __mix__(1, 1): a mixed kernel of one cube core and two
  // (one) vector cores, as KERNEL_TYPE_MIX_AIC_1_2 / _1_1 (api/include/
  // ascendc_lint/macros.h; KernelMetaType values: ascendc-api.md §2.1). A
  // KERNEL_TASK_TYPE_DEFAULT in the body overrides it.
  for (const auto *a : entry->specific_attrs<AnnotateAttr>()) {
    if (a->getAnnotation() != "ascendc_mix" || a->args_size() != 2)
      continue;
    std::optional<int64_t> r[2];
    int i = 0;
    for (const Expr *e : a->args()) {
      Expr::EvalResult res;
      if (e && e->EvaluateAsInt(res, ctx))
        r[i] = res.Val.getInt().getExtValue();
      ++i;
    }
    if (r[0] == 1 && r[1] == 2)
      model.kernelType = 5;
    else if (r[0] == 1 && r[1] == 1)
      model.kernelType = 4;
  }
  auto frame = std::make_unique<Frame>();
  frame->fn = entry;
  frame->alive = mkBool(true);
  for (const ParmVarDecl *p : entry->parameters()) {
    QualType t = p->getType().getCanonicalType();
    std::string name = p->getNameAsString();
    Value v;
    if (t->isPointerType()) {
      QualType pointee = t->getPointeeType();
      if (pointee->isRecordType()) {
        v.kind = Value::ObjPtr;
        v.obj = newObject(pointee->getAsCXXRecordDecl(), name);
      } else {
        v.kind = Value::GmPtr;
        v.p.root = name;
        v.p.offsetBytes = mkConst(0, IntType::u64());
        v.p.elemBytes = std::max<uint32_t>(1, sizeOfType(pointee));
      }
    } else {
      v = makeFieldValue(t, name, nullptr);
    }
    frame->locals[p] = v;
  }
  frames.push_back(std::move(frame));
  checkCompileErrors(entry);
  if (const Stmt *body = entry->getBody())
    exec(body);
  frames.pop_back();
  return std::move(model);
}

// ------------------------------------------------------------ statements

bool Interp::alive() const {
  if (frames.empty())
    return false;
  if (isFalse(frames.back()->alive) || frames.back()->broke)
    return false;
  return !budgetExceeded;
}

// Every active call must still be running: an early return in a caller
// guards what its later callees do.
Sym Interp::currentCond() const {
  Sym c = pathCond;
  for (const auto &f : frames)
    c = mkAnd(mkAnd(c, f->alive), f->iterAlive);
  return c;
}

void Interp::exec(const Stmt *s) {
  if (!s || !alive() || !step())
    return;
  switch (s->getStmtClass()) {
  case Stmt::CompoundStmtClass: {
    const auto *cs = cast<CompoundStmt>(s);
    auto gaps = gapErrors.find(cs);
    SourceLocation prev = cs->getLBracLoc();
    for (const Stmt *c : cs->body()) {
      if (!alive())
        break;
      if (gaps != gapErrors.end())
        droppedStatements(gaps->second, prev, c->getBeginLoc());
      exec(c);
      prev = c->getEndLoc();
    }
    if (gaps != gapErrors.end() && alive())
      droppedStatements(gaps->second, prev, cs->getRBracLoc());
    return;
  }
  case Stmt::DeclStmtClass:
    for (const Decl *d : cast<DeclStmt>(s)->decls())
      if (const auto *vd = dyn_cast<VarDecl>(d))
        declareVar(vd);
    return;
  case Stmt::IfStmtClass:
    execIf(cast<IfStmt>(s));
    return;
  case Stmt::ForStmtClass:
    execFor(cast<ForStmt>(s));
    return;
  case Stmt::WhileStmtClass: {
    const auto *w = cast<WhileStmt>(s);
    execLoop(nullptr, w->getCond(), nullptr, w->getBody(), s, false);
    return;
  }
  case Stmt::DoStmtClass: {
    const auto *d = cast<DoStmt>(s);
    execLoop(nullptr, d->getCond(), nullptr, d->getBody(), s, true);
    return;
  }
  case Stmt::CXXForRangeStmtClass:
    execRangeFor(cast<CXXForRangeStmt>(s));
    return;
  case Stmt::ReturnStmtClass: {
    const auto *r = cast<ReturnStmt>(s);
    Value v;
    if (r->getRetValue())
      v = eval(r->getRetValue());
    Frame &f = *frames.back();
    // The return happens under the current path condition relative to the
    // function entry; later code runs only when it did not.
    Sym rel = mkAnd(relativeCond(f), f.iterAlive);
    f.returns.push_back({rel, v});
    f.alive = mkAnd(f.alive, mkNot(rel));
    return;
  }
  case Stmt::BreakStmtClass:
  case Stmt::ContinueStmtClass:
    // Leaving an iteration early keeps every recorded operation a possible
    // one; the loop facts stay an over-approximation. A conditional
    // `continue` guards the rest of its iteration: what follows runs only
    // when it was not taken (sync-crosscore counts a wait it skips).
    if (!frames.empty() && frames.back()->loopDepth > 0) {
      Sym rel = relativeLoopCond();
      if (isTrue(rel))
        frames.back()->broke = true;
      else if (s->getStmtClass() == Stmt::ContinueStmtClass)
        frames.back()->iterAlive = mkAnd(frames.back()->iterAlive, mkNot(rel));
    }
    return;
  case Stmt::SwitchStmtClass:
    execSwitch(cast<SwitchStmt>(s));
    return;
  case Stmt::NullStmtClass:
  case Stmt::GCCAsmStmtClass:
    return;
  case Stmt::AttributedStmtClass:
    exec(cast<AttributedStmt>(s)->getSubStmt());
    return;
  case Stmt::LabelStmtClass:
    exec(cast<LabelStmt>(s)->getSubStmt());
    return;
  default:
    if (const auto *e = dyn_cast<Expr>(s)) {
      eval(e);
      return;
    }
    note(std::string("statement '") + s->getStmtClassName() + "' is not modelled", s->getBeginLoc());
  }
}

// Path condition since the innermost function entry (for returns).
Sym Interp::relativeCond(const Frame &f) {
  Sym c = mkBool(true);
  for (size_t i = f.condDepth; i < condStack.size(); ++i)
    c = mkAnd(c, condStack[i]);
  return c;
}

Sym Interp::relativeLoopCond() {
  const Frame &f = *frames.back();
  Sym c = mkBool(true);
  for (size_t i = f.loopCondBase; i < condStack.size(); ++i)
    c = mkAnd(c, condStack[i]);
  return c;
}

void Interp::pushCond(Sym c) {
  condStack.push_back(c);
  pathCond = mkAnd(pathCond, c);
}

void Interp::popCond() {
  condStack.pop_back();
  Sym c = mkBool(true);
  for (auto &x : condStack)
    c = mkAnd(c, x);
  pathCond = c;
}

// Declared with bisheng's `__ubuf__` (an empty macro here: read the spelling
// on the declaration's line, before its name).
bool Interp::isUbArray(const VarDecl *vd) const {
  SourceLocation e = sm.getExpansionLoc(vd->getLocation());
  if (e.isInvalid())
    return false;
  bool bad = false;
  const char *q = sm.getCharacterData(e, &bad);
  if (bad)
    return false;
  unsigned col = sm.getExpansionColumnNumber(e, &bad);
  if (bad || col < 1 || col > 400)
    return false;
  return std::string_view(q - (col - 1), col - 1).find("__ubuf__") != std::string_view::npos;
}

void Interp::declareVar(const VarDecl *vd) {
  if (vd->isStaticLocal() || vd->hasGlobalStorage()) {
    if (globals.count(vd))
      return;
  }
  QualType t = vd->getType();
  Value v;
  if (t->isReferenceType()) {
    if (const Expr *init = vd->getInit()) {
      LRef r = evalLValue(init);
      if (r.kind != LRef::None) {
        frames.back()->aliases[vd] = r;
        return;
      }
      v = eval(init);
    }
  } else if (const Expr *init = vd->getInit()) {
    v = evalInit(init, t, vd->getNameAsString());
  } else if (const auto *rd = t.getCanonicalType()->getAsCXXRecordDecl()) {
    v.kind = Value::Obj;
    v.obj = newObject(rd, vd->getNameAsString());
    // Default constructor (user classes): member initialisers and body.
    constructDefault(v.obj, rd);
    v = wrapApiObject(v, rd);
  } else if (t->isConstantArrayType() && isUbArray(vd)) {
    // `__ubuf__ float x[N]` (bisheng address space, C API and SIMT kernels):
    // the compiler places N elements in UB; the variable is their address.
    const auto *at = ctx.getAsConstantArrayType(t);
    uint32_t es = sizeOfType(at->getElementType());
    // Where the compiler places it is not known: a raw buffer at an opaque
    // address, a multiple of the element type's alignment (as every C++
    // object's): an element access that needs no more than that is proved
    // aligned (ops-math pad_v3_grad: SIMT loads of `__ubuf__ uint32_t
    // inShapes[8]`), a wider rule stays unknown.
    const int64_t align = ctx.getTypeAlignInChars(at->getElementType()).getQuantity();
    int id = addRawBuffer(
        vd->getNameAsString(), TPos::VECCALC,
        mul(mkOpaque("UB address the compiler gives '__ubuf__' array '" + vd->getNameAsString() + "'", IntType::u64()),
            mkConst(align > 0 ? align : 1, IntType::u64())),
        mkConst(int64_t(at->getSize().getZExtValue()) * es), vd->getLocation());
    model.buffers[id].compilerObject = true;
    const Buffer &b = model.buffers[id];
    TensorVal tv;
    tv.bufferId = b.id;
    tv.offsetBytes = mkConst(0, IntType::u64());
    tv.sizeBytes = b.lenBytes;
    tv.elemBytes = es;
    tv.name = b.name;
    v.kind = Value::GmPtr;
    v.p.root = "@view";
    v.p.local = true;
    v.p.view = std::make_shared<TensorVal>(tv);
    v.p.offsetBytes = mkConst(0, IntType::u64());
    v.p.elemBytes = es ? es : 1;
  } else if (t->isConstantArrayType()) {
    v = newArray(t, "", nullptr);
  } else if (t->isArrayType()) {
    v.kind = Value::Unknown;
    v.reason = "local array '" + vd->getNameAsString() + "' is not modelled";
  } else {
    v = unknownValue("uninitialised variable '" + vd->getNameAsString() + "'", t);
  }
  write(localRef(frames.back().get(), vd), v);
}

// Value of an initialiser for a variable of type t.
Value Interp::evalInit(const Expr *init, QualType t, const std::string &name) {
  Value v = eval(init);
  QualType ct = t.getCanonicalType();
  if (ct->isIntegralOrEnumerationType() && v.kind == Value::Scalar)
    v.sym = mkCast(v.sym, intTypeOf(ctx, ct));
  else if (ct->isIntegralOrEnumerationType() && v.kind != Value::Scalar && !tensorAddress(v, ct))
    v = scalar(asSym(v, ct, init->getBeginLoc()));
  if (v.kind == Value::Obj && v.obj && !name.empty() &&
      (v.obj->origin.empty() || (v.obj->originFromPointer && v.obj->fields.empty()))) {
    // `TilingData t = *ptr;` names the fields after the variable: t.tileNum.
    v.obj = cloneObject(v.obj);
    v.obj->origin = name;
    v.obj->originFromPointer = false;
  } else if (v.kind == Value::ObjPtr && v.obj && !name.empty() && v.obj->origin.empty() && v.obj->fields.empty()) {
    // GET_TILING_DATA_PTR_WITH_STRUCT(S, p, arg): the fields are p->field, named p.field.
    v.obj->origin = name;
  }
  return v;
}

// Tensors and GlobalTensors are values, not objects.
Value Interp::wrapApiObject(Value v, const CXXRecordDecl *rd) {
  ApiClass k = classifyApiClass(rd);
  if (k == ApiClass::LocalTensor || k == ApiClass::GlobalTensor) {
    Value t;
    t.kind = Value::Tensor;
    t.t.global = k == ApiClass::GlobalTensor;
    // -2: a GlobalTensor made here has no GM address until SetGlobalBuffer
    // (one inside an object from outside the kernel may have one).
    t.t.bufferId = t.t.global && !(v.obj && !v.obj->origin.empty()) ? -2 : -1;
    t.t.elemBytes = tensorElemBytes(rd);
    t.t.offsetBytes = mkConst(0, IntType::u64());
    t.t.pos = t.t.global ? TPos::GM : TPos::VECCALC;
    t.reasonIfEmpty = kUnassignedTensor;
    return t;
  }
  return v;
}

uint32_t Interp::tensorElemBytes(const CXXRecordDecl *rd) {
  if (const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(rd)) {
    const auto &args = spec->getTemplateArgs();
    if (args.size() > 0 && args[0].getKind() == TemplateArgument::Type)
      return sizeOfType(args[0].getAsType());
  }
  return 0;
}

void Interp::constructDefault(const std::shared_ptr<ObjState> &o, const CXXRecordDecl *rd) {
  if (!rd || !rd->hasDefinition() || isApiDecl(rd))
    return;
  rd = rd->getDefinition();
  initFields(o, rd, nullptr);
  for (const CXXConstructorDecl *c : rd->ctors())
    if (c->isDefaultConstructor() && c->hasBody()) {
      runConstructor(o, c, {}, nullptr);
      return;
    }
}

// Member initialisers: in-class defaults, unless the constructor's init list
// names the field.
void Interp::initFields(const std::shared_ptr<ObjState> &o, const CXXRecordDecl *rd, const CXXConstructorDecl *ctor) {
  for (const FieldDecl *fd : rd->fields()) {
    QualType ft = fd->getType().getCanonicalType();
    Value v;
    bool set = false;
    if (ft->isConstantArrayType()) {
      const Expr *ini = fd->hasInClassInitializer() ? fd->getInClassInitializer() : nullptr;
      std::string origin = o->origin.empty() ? "" : o->origin + "." + fd->getNameAsString();
      v = newArray(ft, origin, ini);
      set = true;
    } else if (fd->hasInClassInitializer() && fd->getInClassInitializer()) {
      v = evalInit(fd->getInClassInitializer(), ft, "");
      set = true;
    } else if (const auto *frd = ft->getAsCXXRecordDecl()) {
      v.kind = Value::Obj;
      std::string origin = o->origin.empty() ? "" : o->origin + "." + fd->getNameAsString();
      v.obj = newObject(frd, origin);
      if (v.obj->api != ApiClass::None)
        v.obj->name = fd->getNameAsString();
      constructDefault(v.obj, frd);
      v = wrapApiObject(v, frd);
      if (v.kind == Value::Tensor)
        v.t.name = fd->getNameAsString();
      set = true;
    }
    if (set) {
      LRef r;
      r.kind = LRef::Field;
      r.obj = o;
      r.field = fd;
      write(r, v);
    }
  }
}

void Interp::runConstructor(const std::shared_ptr<ObjState> &o, const CXXConstructorDecl *ctor,
                            const std::vector<Value> &args, const Expr *callSite) {
  const FunctionDecl *def = nullptr;
  if (!ctor->hasBody(def) || !def)
    return;
  ctor = cast<CXXConstructorDecl>(def);
  if (frames.size() > opts.maxInlineDepth)
    return;
  auto f = std::make_unique<Frame>();
  f->fn = ctor;
  f->thisObj = o;
  f->alive = mkBool(true);
  f->condDepth = condStack.size();
  f->loopCondBase = condStack.size();
  for (unsigned i = 0; i < ctor->getNumParams() && i < args.size(); ++i)
    f->locals[ctor->getParamDecl(i)] = args[i];
  frames.push_back(std::move(f));
  for (const CXXCtorInitializer *ini : ctor->inits()) {
    // A base class's constructor (`: KernelBase(tilingData)`) runs on this
    // object: the fields it sets (a tiling pointer kept in the base) are the
    // object's. API bases keep their own model.
    if (ini->isBaseInitializer() && ini->getInit()) {
      if (const auto *bce = dyn_cast<CXXConstructExpr>(ini->getInit()->IgnoreImplicit());
          bce && !isApiDecl(bce->getConstructor()) && !bce->getConstructor()->isCopyOrMoveConstructor()) {
        std::vector<Value> baseArgs;
        for (const Expr *a : bce->arguments())
          baseArgs.push_back(eval(a));
        runConstructor(o, bce->getConstructor(), baseArgs, bce);
      }
      continue;
    }
    if (!ini->isAnyMemberInitializer() || !ini->getInit())
      continue;
    const FieldDecl *fd = ini->getAnyMember();
    Value v = evalInit(ini->getInit(), fd->getType(), "");
    std::shared_ptr<ObjState> owner = o;
    if (ini->isIndirectMemberInitializer()) {
      // A member of an anonymous union/struct: walk down to the object that
      // holds it (the chain ends with the member itself).
      for (const NamedDecl *nd : ini->getIndirectMember()->chain()) {
        const auto *link = dyn_cast<FieldDecl>(nd);
        if (!link || link == fd || !owner)
          break;
        LRef lr;
        lr.kind = LRef::Field;
        lr.obj = owner;
        lr.field = link;
        Value sub = read(lr, link->getType());
        owner = sub.kind == Value::Obj ? sub.obj : nullptr;
      }
      if (!owner)
        continue;
    }
    if (const auto *frd = fd->getType().getCanonicalType()->getAsCXXRecordDecl())
      if (v.kind == Value::Obj && v.obj && classifyApiClass(frd) == ApiClass::None &&
          !isa<CXXConstructExpr>(ini->getInit()->IgnoreImplicit()))
        v.obj = cloneObject(v.obj);
    LRef r;
    r.kind = LRef::Field;
    r.obj = owner;
    r.field = fd;
    write(r, v);
  }
  exec(ctor->getBody());
  // Members the constructor made belong to the object's maker, not to the
  // constructor's frame, which ends here.
  const Frame *ctorFrame = frames.back().get();
  std::function<void(ObjState &, int)> adopt = [&](ObjState &x, int depth) {
    if (depth > 8)
      return;
    for (auto &kv : x.fields)
      if (kv.second.kind == Value::Obj && kv.second.obj && kv.second.obj->ownerFrame == ctorFrame) {
        kv.second.obj->ownerFrame = o->ownerFrame;
        kv.second.obj->ownerSerial = o->ownerSerial;
        adopt(*kv.second.obj, depth + 1);
      }
  };
  adopt(*o, 0);
  frames.pop_back();
}

std::shared_ptr<ObjState> Interp::cloneObject(const std::shared_ptr<ObjState> &o) {
  if (!o || o->api != ApiClass::None)
    return o; // API objects (queues, pipes) have identity
  auto c = std::make_shared<ObjState>(*o);
  own(*c);
  for (auto &kv : c->fields)
    if (kv.second.kind == Value::Obj)
      kv.second.obj = cloneObject(kv.second.obj);
  for (auto &kv : c->elems)
    if (kv.second.kind == Value::Obj)
      kv.second.obj = cloneObject(kv.second.obj);
  return c;
}

void Interp::execIf(const IfStmt *s) {
  if (s->getInit())
    exec(s->getInit());
  if (s->getConditionVariableDeclStmt())
    exec(s->getConditionVariableDeclStmt());
  // if constexpr: only the taken branch exists meaningfully.
  if (s->isConstexpr()) {
    Expr::EvalResult r;
    if (s->getCond()->EvaluateAsInt(r, ctx)) {
      exec(r.Val.getInt().getBoolValue() ? s->getThen() : s->getElse());
      return;
    }
  }
  std::optional<CoreType> coreThen = coreOfCondition(s->getCond());
  Sym c = asSym(eval(s->getCond()), ctx.BoolTy, s->getBeginLoc());
  if (c->type != IntType::boolean())
    c = mkCast(c, IntType::boolean());
  if (isTrue(c)) {
    exec(s->getThen());
    return;
  }
  if (isFalse(c)) {
    exec(s->getElse());
    return;
  }
  auto saveCore = core;
  size_t m = mark();
  bool outer = journalActive;
  journalActive = true;
  Frame &f = *frames.back();
  bool brokeBefore = f.broke;
  pushCond(c);
  if (coreThen)
    core = coreThen;
  exec(s->getThen());
  popCond();
  core = saveCore;
  bool brokeThen = f.broke;
  f.broke = brokeBefore;
  auto thenVals = rollback(m);
  pushCond(mkNot(c));
  if (coreThen)
    core = *coreThen == CoreType::AIC ? CoreType::AIV : CoreType::AIC;
  exec(s->getElse());
  popCond();
  core = saveCore;
  bool brokeElse = f.broke;
  f.broke = brokeBefore || (brokeThen && brokeElse);
  auto elseVals = rollback(m);
  journalActive = outer;
  // Merge: each location written on either side gets select(c, then, else).
  // (Looked up by identity, not by a scan: a branch writing thousands of
  // array elements made this quadratic; perf, docs/performance.md.)
  std::vector<std::pair<LRef, std::pair<std::optional<Value>, std::optional<Value>>>> merged;
  std::map<std::tuple<int, const Frame *, const ValueDecl *, const ObjState *, const FieldDecl *, int64_t>, size_t>
      index;
  auto find = [&](const LRef &r) -> size_t { // the fields LRef::operator== compares
    auto [it, fresh] =
        index.emplace(std::make_tuple(int(r.kind), r.frame, r.decl, r.obj.get(), r.field, r.index), merged.size());
    if (fresh)
      merged.push_back({r, {}});
    return it->second;
  };
  for (auto &tv : thenVals)
    merged[find(tv.first)].second.first = tv.second;
  for (auto &ev : elseVals)
    merged[find(ev.first)].second.second = ev.second;
  for (auto &mv : merged) {
    const LRef &r = mv.first;
    Value *cur = slot(r);
    Value base = cur ? *cur : unwrittenElement(r);
    Value a = mv.second.first ? *mv.second.first : base;
    Value b = mv.second.second ? *mv.second.second : base;
    writeJoined(r, mergeValues(c, a, b, refName(r)));
  }
}

std::optional<CoreType> Interp::coreOfCondition(const Expr *cond) {
  const Expr *e = cond->IgnoreParenImpCasts();
  bool neg = false;
  if (const auto *u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_LNot) {
    neg = true;
    e = u->getSubExpr()->IgnoreParenImpCasts();
  }
  const auto *call = dyn_cast<CallExpr>(e);
  if (!call || !call->getDirectCallee())
    return std::nullopt;
  std::string n = call->getDirectCallee()->getNameAsString();
  if (!isApiDecl(call->getDirectCallee()))
    return std::nullopt;
  if (n == "is_aic")
    return neg ? CoreType::AIV : CoreType::AIC;
  if (n == "is_aiv")
    return neg ? CoreType::AIC : CoreType::AIV;
  return std::nullopt;
}

void Interp::execSwitch(const SwitchStmt *s) {
  if (s->getInit())
    exec(s->getInit());
  Sym x = asSym(eval(s->getCond()), s->getCond()->getType(), s->getBeginLoc());
  // Each case body runs under "x == value" (fall-through ignored).
  Sym none = mkBool(true);
  const auto *body = dyn_cast_or_null<CompoundStmt>(s->getBody());
  if (!body) {
    note("switch without a compound body is not modelled", s->getBeginLoc());
    return;
  }
  std::vector<std::pair<Sym, std::vector<const Stmt *>>> cases;
  const Stmt *pendingDefault = nullptr;
  for (const Stmt *c : body->body()) {
    const Stmt *sub = c;
    while (sub) {
      if (const auto *cs = dyn_cast<CaseStmt>(sub)) {
        Expr::EvalResult r;
        Sym v;
        if (cs->getLHS()->EvaluateAsInt(r, ctx))
          v = mkConst(r.Val.getInt().getExtValue(), x->type);
        else
          v = asSym(eval(cs->getLHS()), s->getCond()->getType(), cs->getBeginLoc());
        cases.push_back({mkCmp(SymOp::Eq, x, v), {}});
        none = mkAnd(none, mkCmp(SymOp::Ne, x, v));
        sub = cs->getSubStmt();
      } else if (const auto *ds = dyn_cast<DefaultStmt>(sub)) {
        cases.push_back({nullptr, {}});
        pendingDefault = ds;
        sub = ds->getSubStmt();
      } else {
        if (!cases.empty())
          cases.back().second.push_back(sub);
        sub = nullptr;
      }
    }
  }
  (void)pendingDefault;
  // Each case runs from the same state; what they write is merged like the
  // branches of an if: select(case_k, value_k, ...) over the state before.
  size_t m = mark();
  bool outer = journalActive;
  journalActive = true;
  std::vector<std::pair<Sym, std::vector<std::pair<LRef, Value>>>> results;
  for (auto &cs : cases) {
    Sym c = cs.first ? cs.first : none;
    if (isFalse(c))
      continue;
    pushCond(c);
    for (const Stmt *st : cs.second) {
      if (isa<BreakStmt>(st))
        break;
      exec(st);
    }
    popCond();
    results.push_back({c, rollback(m)});
  }
  journalActive = outer;
  std::vector<LRef> keys;
  for (auto &r : results)
    for (auto &kv : r.second)
      if (std::find(keys.begin(), keys.end(), kv.first) == keys.end())
        keys.push_back(kv.first);
  for (const LRef &k : keys) {
    Value *cur = slot(k);
    Value v = cur ? *cur : unwrittenElement(k);
    for (auto it = results.rbegin(); it != results.rend(); ++it)
      for (auto &kv : it->second)
        if (kv.first == k)
          v = mergeValues(it->first, kv.second, v, refName(k));
    writeJoined(k, v);
  }
}

void Interp::execFor(const ForStmt *s) { execLoop(s->getInit(), s->getCond(), s->getInc(), s->getBody(), s, false); }

// Finds `i` in `i < n`, `i <= n`, `i != n`, `n > i` and the step in `i++`,
// `++i`, `i += c`, `i = i + c`.
// The loop counter a condition compares with a bound (`i < n`, `n > i`), or
// the counter plus a non-negative constant (`i + 1 < n`: `offset` 1, read as
// i < n - 1 in integers, see execLoop).
static const VarDecl *condVar(const Expr *cond, const Expr *inc, const Expr *&bound, BinaryOperatorKind &op,
                              int64_t &offset, QualType &offsetType, ASTContext &ctx) {
  offset = 0;
  const auto *bo = dyn_cast_or_null<BinaryOperator>(cond ? cond->IgnoreParenImpCasts() : nullptr);
  if (!bo || !bo->isComparisonOp())
    return nullptr;
  auto var = [](const Expr *e) -> const VarDecl * {
    if (const auto *d = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts()))
      return dyn_cast<VarDecl>(d->getDecl());
    return nullptr;
  };
  auto varPlus = [&](const Expr *e, int64_t &c) -> const VarDecl * {
    const auto *add = dyn_cast<BinaryOperator>(e->IgnoreParenImpCasts());
    if (!add || add->getOpcode() != BO_Add || !add->getType()->isIntegerType())
      return nullptr;
    Expr::EvalResult r;
    if (add->getRHS()->isValueDependent() || !add->getRHS()->EvaluateAsInt(r, ctx) || r.Val.getInt().isNegative() ||
        r.Val.getInt().getActiveBits() > 32)
      return nullptr;
    const VarDecl *v = var(add->getLHS());
    if (v) {
      c = r.Val.getInt().getExtValue();
      offsetType = add->getType();
    }
    return v;
  };
  // Each side that is a variable (or one plus a constant) is a candidate;
  // the one the increment steps wins (`n > i + 1` is about i), else the
  // left one.
  struct Candidate {
    const VarDecl *v;
    const Expr *bound;
    BinaryOperatorKind op;
    int64_t offset;
    QualType offsetType;
  };
  std::vector<Candidate> cs;
  int64_t c = 0;
  if (const VarDecl *v = var(bo->getLHS()))
    cs.push_back({v, bo->getRHS(), bo->getOpcode(), 0, QualType()});
  else if (const VarDecl *v = varPlus(bo->getLHS(), c))
    cs.push_back({v, bo->getRHS(), bo->getOpcode(), c, offsetType});
  if (const VarDecl *v = var(bo->getRHS()))
    cs.push_back({v, bo->getLHS(), BinaryOperator::reverseComparisonOp(bo->getOpcode()), 0, QualType()});
  else if (const VarDecl *v = varPlus(bo->getRHS(), c))
    cs.push_back({v, bo->getLHS(), BinaryOperator::reverseComparisonOp(bo->getOpcode()), c, offsetType});
  if (cs.empty())
    return nullptr;
  const VarDecl *stepped = nullptr;
  if (const Expr *ie = inc ? inc->IgnoreParenImpCasts() : nullptr) {
    const Expr *target = nullptr;
    if (const auto *u = dyn_cast<UnaryOperator>(ie))
      target = u->getSubExpr();
    else if (const auto *b = dyn_cast<BinaryOperator>(ie); b && b->isAssignmentOp())
      target = b->getLHS();
    stepped = target ? var(target) : nullptr;
  }
  const Candidate *pick = &cs.front();
  for (const Candidate &k : cs)
    if (k.v == stepped)
      pick = &k;
  bound = pick->bound;
  op = pick->op;
  offset = pick->offset;
  offsetType = pick->offsetType;
  return pick->v;
}

static std::optional<int64_t> incStep(const Expr *inc, const VarDecl *v, ASTContext &ctx) {
  if (!inc)
    return std::nullopt;
  inc = inc->IgnoreParenImpCasts();
  auto isV = [&](const Expr *e) {
    const auto *d = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    return d && d->getDecl() == v;
  };
  if (const auto *u = dyn_cast<UnaryOperator>(inc)) {
    if (!isV(u->getSubExpr()))
      return std::nullopt;
    if (u->isIncrementOp())
      return 1;
    if (u->isDecrementOp())
      return -1;
  }
  if (const auto *b = dyn_cast<CompoundAssignOperator>(inc)) {
    Expr::EvalResult r;
    if (isV(b->getLHS()) && b->getRHS()->EvaluateAsInt(r, ctx)) {
      int64_t c = r.Val.getInt().getExtValue();
      if (b->getOpcode() == BO_AddAssign)
        return c;
      if (b->getOpcode() == BO_SubAssign)
        return -c;
    }
    return std::nullopt;
  }
  if (const auto *b = dyn_cast<BinaryOperator>(inc); b && b->getOpcode() == BO_Assign && isV(b->getLHS())) {
    const auto *rhs = dyn_cast<BinaryOperator>(b->getRHS()->IgnoreParenImpCasts());
    Expr::EvalResult r;
    if (rhs && rhs->getOpcode() == BO_Add && isV(rhs->getLHS()) && rhs->getRHS()->EvaluateAsInt(r, ctx))
      return r.Val.getInt().getExtValue();
  }
  return std::nullopt;
}

// An addition, subtraction, multiplication or shift computed in an integer
// type of at most 32 bits: where a value may wrap (WrapSite).
static bool narrowArithmetic(const Sym &x) {
  return (x->op == SymOp::Add || x->op == SymOp::Sub || x->op == SymOp::Mul || x->op == SymOp::Shl) &&
         !x->type.isBool && x->type.bits && x->type.bits <= 32;
}

// Depends on the kernel's inputs (and constants) only.
static bool onlyInputs(const Sym &x) {
  std::vector<std::shared_ptr<const VarInfo>> vars;
  collectVars(x, vars);
  return std::all_of(vars.begin(), vars.end(), [](const auto &vi) { return vi->role == VarRole::Input; });
}

// The step expression of `v += E` / `v = v + E` when E is not a constant
// (`for (i = 0; i < n; i += tile)`).
static const Expr *incStepExpr(const Expr *inc, const VarDecl *v) {
  if (!inc)
    return nullptr;
  inc = inc->IgnoreParenImpCasts();
  auto isV = [&](const Expr *e) {
    const auto *d = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    return d && d->getDecl() == v;
  };
  if (const auto *b = dyn_cast<CompoundAssignOperator>(inc); b && b->getOpcode() == BO_AddAssign && isV(b->getLHS()))
    return b->getRHS();
  if (const auto *b = dyn_cast<BinaryOperator>(inc); b && b->getOpcode() == BO_Assign && isV(b->getLHS()))
    if (const auto *rhs = dyn_cast<BinaryOperator>(b->getRHS()->IgnoreParenImpCasts());
        rhs && rhs->getOpcode() == BO_Add && isV(rhs->getLHS()))
      return rhs->getRHS();
  return nullptr;
}

// A statement that may leave an iteration of the loop around it early.
static bool leavesEarly(const Stmt *s) {
  if (!s)
    return false;
  if (isa<BreakStmt>(s) || isa<ContinueStmt>(s) || isa<ReturnStmt>(s) || isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s) ||
      isa<CXXThrowExpr>(s))
    return true;
  for (const Stmt *c : s->children())
    if (leavesEarly(c))
      return true;
  return false;
}

// Whether the loop whose body is `s` may stop before its last iteration: a
// `break` of it (not of a loop or switch inside), a return, a goto, a throw.
// (`continue` ends one iteration only.)
static bool mayStopLoop(const Stmt *s, bool nested = false) {
  if (!s)
    return false;
  if ((isa<BreakStmt>(s) && !nested) || isa<ReturnStmt>(s) || isa<GotoStmt>(s) || isa<IndirectGotoStmt>(s) ||
      isa<CXXThrowExpr>(s))
    return true;
  bool inner =
      nested || isa<ForStmt>(s) || isa<WhileStmt>(s) || isa<DoStmt>(s) || isa<CXXForRangeStmt>(s) || isa<SwitchStmt>(s);
  for (const Stmt *c : s->children())
    if (mayStopLoop(c, inner))
      return true;
  return false;
}

// Whether `body` subscripts an array with an expression that reads `v`.
static bool indexesArrayBy(const Stmt *body, const VarDecl *v) {
  if (!body)
    return false;
  std::function<bool(const Stmt *)> reads = [&](const Stmt *s) {
    if (!s)
      return false;
    if (const auto *d = dyn_cast<DeclRefExpr>(s); d && d->getDecl() == v)
      return true;
    for (const Stmt *c : s->children())
      if (reads(c))
        return true;
    return false;
  };
  std::function<bool(const Stmt *)> walk = [&](const Stmt *s) {
    if (!s)
      return false;
    if (const auto *as = dyn_cast<ArraySubscriptExpr>(s); as && reads(as->getIdx()))
      return true;
    for (const Stmt *c : s->children())
      if (walk(c))
        return true;
    return false;
  };
  return walk(body);
}

void Interp::execRangeFor(const CXXForRangeStmt *s) {
  const VarDecl *lv = s->getLoopVariable();
  const Expr *range = s->getRangeInit();
  std::shared_ptr<ObjState> arr;
  if (range && lv) {
    LRef rr = evalLValue(range);
    Value rv = rr.kind != LRef::None ? read(rr, range->getType()) : eval(range);
    if (rv.kind == Value::Obj && rv.obj && rv.obj->isArray) {
      arr = rv.obj;
    } else if ((rv.kind == Value::Obj || rv.kind == Value::ObjPtr) && rv.obj && rv.obj->rec) {
      // std::array and the like: one member that is a constant-size array.
      const FieldDecl *only = nullptr;
      int n = 0;
      for (const FieldDecl *fd : rv.obj->rec->fields()) {
        ++n;
        only = fd;
      }
      if (n == 1 && only->getType()->isConstantArrayType()) {
        LRef fr;
        fr.kind = LRef::Field;
        fr.obj = rv.obj;
        fr.field = only;
        Value av = read(fr, only->getType());
        if (av.kind == Value::Obj && av.obj && av.obj->isArray)
          arr = av.obj;
      }
    }
  }
  if (!arr || arr->arraySize <= 0 || arr->arraySize > kMaxUnroll) {
    std::string why = "range-based for loop over '" + (range ? exprText(range) : std::string("?")) +
                      "' (not an array of known size up to " + std::to_string(kMaxUnroll) + " elements)";
    note(why + " is not modelled", s->getBeginLoc());
    skipped(s->getBody(), why);
    return;
  }
  Frame &f = *frames.back();
  for (int64_t i = 0; i < arr->arraySize && alive(); ++i) {
    LRef er;
    er.kind = LRef::Elem;
    er.obj = arr;
    er.index = i;
    if (lv->getType()->isReferenceType()) {
      f.aliases[lv] = er;
    } else {
      f.aliases.erase(lv);
      Value ev = read(er, arr->elemType);
      QualType ct = lv->getType().getCanonicalType();
      if (ct->isIntegralOrEnumerationType())
        ev = scalar(asSym(ev, ct, s->getBeginLoc()));
      else if (ev.kind == Value::Obj && ev.obj)
        ev.obj = cloneObject(ev.obj);
      write(localRef(&f, lv), ev);
    }
    runBody(s->getBody(), nullptr, true);
  }
}

// Code the interpreter does not run (a loop it cannot follow, a lambda it
// cannot call, the rest of a kernel past the budget) must not lose the API
// calls in it: each becomes an Unmodelled operation on unknown regions, so
// every check that would have read it says `unknown`. User functions called
// from it are searched too (a few levels deep).
void Interp::skipped(const Stmt *root, const std::string &why, int depth) {
  if (!root || depth > 4)
    return;
  // A worklist, not recursion: an expression can be 100,000 levels deep.
  std::vector<const Stmt *> work{root};
  while (!work.empty()) {
    const Stmt *s = work.back();
    work.pop_back();
    if (!s)
      continue;
    if (const auto *call = dyn_cast<CallExpr>(s)) {
      if (const FunctionDecl *fd = call->getDirectCallee()) {
        if (isApiDecl(fd)) {
          std::string n = fd->getNameAsString();
          if (!ApiTable::instance().isPure(n)) {
            Op &op = addOp(OpKind::Unmodelled, n, call);
            op.unknownReason = "'" + n + "' in code that is not modelled: " + why;
            // Which tensors it touches is not known: one unknown region per
            // tensor-typed argument (or the object it is called on).
            auto isTensorType = [&](QualType t) {
              ApiClass k = classifyApiClass(t.getCanonicalType().getNonReferenceType()->getAsCXXRecordDecl());
              return k == ApiClass::LocalTensor || k == ApiClass::GlobalTensor;
            };
            std::vector<const Expr *> args(call->arg_begin(), call->arg_end());
            if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call))
              args.push_back(mc->getImplicitObjectArgument());
            for (const Expr *a : args)
              if (a && isTensorType(a->getType())) {
                Region r;
                r.global =
                    classifyApiClass(a->getType().getCanonicalType().getNonReferenceType()->getAsCXXRecordDecl()) ==
                    ApiClass::GlobalTensor;
                r.bufferId = -1;
                r.offsetBytes = mkConst(0);
                r.write = true;
                r.role = "arg";
                op.regions.push_back(r);
              }
          }
        } else if (const FunctionDecl *def = fd->getDefinition(); def && def->hasBody()) {
          bool recursive = false;
          for (auto &fr : frames)
            recursive |= fr->fn == def;
          if (recursive)
            continue;
          skipped(def->getBody(), why, depth + 1);
        }
      }
    }
    if (const auto *le = dyn_cast<LambdaExpr>(s)) {
      work.push_back(le->getBody());
      continue;
    }
    size_t at = work.size(); // children in source order: pushed reversed
    for (const Stmt *c : s->children())
      work.push_back(c);
    std::reverse(work.begin() + long(at), work.end());
  }
}

Interp::ModelMark Interp::modelMark() const {
  return {model.ops.size(),         model.buffers.size(),         model.globals.size(),
          model.loops.size(),       model.assumptions.size(),     model.paramStores.size(),
          model.unsetTensorUses.size(), model.wrapSites.size()};
}

void Interp::truncateModel(const ModelMark &m) {
  model.ops.resize(m.ops);
  model.buffers.resize(m.buffers);
  model.globals.resize(m.globals);
  model.loops.resize(m.loops);
  model.assumptions.resize(m.assumptions);
  model.paramStores.resize(m.paramStores);
  model.unsetTensorUses.resize(m.unsetTensorUses);
  model.wrapSites.resize(m.wrapSites);
}

// The step of a chunk loop on `iv` (the condition `iv < bound`, no increment
// expression): run the body once from a fresh value x of iv (a dry run,
// undone) and read what it leaves, x + d. Where d is, through value-keeping
// casts, min(T, bound - x) or a choice between T and bound - x (`x + T <= n ?
// T : n - x`), with T loop-invariant (inputs only): the bound - x arm sets iv
// to the bound, which ends the loop, so each iteration that starts has iv =
// start + k * T, whatever T is (T <= 0 only lowers iv). Anything else:
// nullptr, and the loop is havocked as before.
Sym Interp::chunkLoopStep(const VarDecl *iv, const Expr *boundE, const Stmt *body) {
  Frame &f = *frames.back();
  LRef ref = localRef(&f, iv);
  if (auto a = f.aliases.find(iv); a != f.aliases.end())
    ref = a->second;
  const IntType ty = intTypeOf(ctx, iv->getType());
  const Sym bound = toMath(asSym(eval(boundE), boundE->getType(), boundE->getBeginLoc()));
  // Loop-invariant: made before the loop (an element read in the body, a
  // value the loop changes, is made in it).
  const uint32_t firstFresh = nextVariableId();
  auto invariant = [&](const Sym &s) {
    std::vector<std::shared_ptr<const VarInfo>> vars;
    collectVars(s, vars);
    return std::all_of(vars.begin(), vars.end(), [&](const auto &vi) { return vi->id < firstFresh; });
  };
  if (!invariant(bound))
    return nullptr;
  const ModelMark before = modelMark();
  const size_t m = mark();
  const bool outer = journalActive;
  journalActive = true;
  ++dryRun;
  Sym x = mkVar("'" + iv->getNameAsString() + "' before an iteration", ty, VarRole::Internal);
  writeJoined(ref, scalar(x));
  runBody(body, nullptr, false);
  Value out = alive() ? read(ref, QualType()) : Value();
  // The bound as the next iteration reads it: the same value.
  if (out.kind == Value::Scalar && out.sym &&
      !structurallyEqual(toMath(asSym(eval(boundE), boundE->getType(), boundE->getBeginLoc())), bound))
    out = Value();
  --dryRun;
  rollback(m);
  truncateModel(before);
  journalActive = outer;
  if (out.kind != Value::Scalar || !out.sym)
    return nullptr;
  // Casts that keep every value of their operand (wider, signed unless the
  // operand is unsigned, or the same type), and the math-typed view of a value.
  auto strip = [](Sym s) {
    while (s->op == SymOp::Cast && s->args.size() == 1 && !s->type.isBool) {
      const IntType &to = s->type, &from = s->args[0]->type;
      const bool keeps = to.bits == 0 || (from.bits != 0 && !from.isBool &&
                                          ((to.bits > from.bits && (to.isSigned || !from.isSigned)) ||
                                           (to.bits == from.bits && to.isSigned == from.isSigned)));
      if (!keeps)
        break;
      s = s->args[0];
    }
    return s;
  };
  auto isX = [&](const Sym &s) { return structurallyEqual(strip(s), x); };
  // The exit value: iv's type over x + d (the wrap of the sum in iv's own
  // type is iv's arithmetic, and the summary counts in that type too).
  Sym sum = out.sym;
  if (sum->op == SymOp::Cast && sum->args.size() == 1 && sum->type == ty)
    sum = sum->args[0];
  sum = strip(sum);
  if (sum->op != SymOp::Add || sum->args.size() != 2)
    return nullptr;
  Sym d;
  if (isX(sum->args[0]))
    d = sum->args[1];
  else if (isX(sum->args[1]))
    d = sum->args[0];
  else
    return nullptr;
  d = strip(d);
  // bound - x, in any value-keeping type.
  auto isRest = [&](const Sym &s) {
    Sym r = strip(s);
    return r->op == SymOp::Sub && r->args.size() == 2 && structurallyEqual(toMath(strip(r->args[0])), bound) &&
           isX(r->args[1]);
  };
  Sym a, b;
  if (d->op == SymOp::Min && d->args.size() == 2) {
    a = d->args[0];
    b = d->args[1];
  } else if (d->op == SymOp::Select && d->args.size() == 3) {
    a = d->args[1];
    b = d->args[2];
  } else {
    return nullptr;
  }
  Sym step = isRest(b) ? a : isRest(a) ? b : nullptr;
  if (!step || !invariant(step))
    return nullptr;
  return toMath(step);
}

void Interp::execLoop(const Stmt *init, const Expr *cond, const Expr *inc, const Stmt *body, const Stmt *loopStmt,
                      bool isDo) {
  if (init)
    exec(init);
  Frame &f = *frames.back();
  const Expr *boundE = nullptr;
  BinaryOperatorKind cmp = BO_LT;
  int64_t condOffset = 0;
  QualType offsetType;
  const VarDecl *iv = condVar(cond, inc, boundE, cmp, condOffset, offsetType, ctx);
  std::optional<int64_t> stepOpt = iv ? incStep(inc, iv, ctx) : std::nullopt;
  // `i + c < n`: i < n - c in integers while i + c does not wrap, which the
  // condition itself ensures for an upward count from a constant start at
  // which i + c is in range; anything else is not read as an induction.
  if (iv && condOffset != 0) {
    Value *slot = lookupLocal(iv);
    std::optional<int64_t> start = slot && slot->kind == Value::Scalar && slot->sym ? asConst(slot->sym) : std::nullopt;
    bool fits = start && *start >= 0 &&
                wrapTo(__int128(*start) + condOffset, intTypeOf(ctx, offsetType)) == *start + condOffset;
    if (!fits || !stepOpt || *stepOpt <= 0 || !(cmp == BO_LT || cmp == BO_LE))
      iv = nullptr;
  }
  Value *ivSlot = iv ? lookupLocal(iv) : nullptr;
  // A step that is not a C++ constant but the same in every iteration: a
  // local holding a constant (`b += threadNum` with threadNum = 256), or
  // inputs (`for (i = lo; i < n; i += tile)`, counting up only). That the
  // body leaves it unchanged is checked after the dry run.
  Sym symStep, stepEntry;
  const Expr *stepE = nullptr;
  if (iv && !stepOpt && ivSlot && ivSlot->kind == Value::Scalar && !isDo && (stepE = incStepExpr(inc, iv)) &&
      !stepE->HasSideEffects(ctx) && stepE->getType()->isIntegralOrEnumerationType()) {
    Sym st = toMath(asSym(eval(stepE), stepE->getType(), stepE->getBeginLoc()));
    if (auto c = asConst(st); c && *c != 0) {
      stepOpt = *c;
      stepEntry = st;
    } else if (!c && onlyInputs(st) && (cmp == BO_LT || cmp == BO_LE)) {
      symStep = st;
      stepEntry = st;
    }
  }
  // A chunk loop, `while (done < end) { len = min(chunk, end - done); ...;
  // done += len; }` (sort and gather kernels): no step of its own, but every
  // iteration that starts has done = start + k * chunk, as in `for (done =
  // start; done < end; done += chunk)` (chunkLoopStep).
  if (iv && !stepOpt && !symStep && !inc && !isDo && cmp == BO_LT && ivSlot && ivSlot->kind == Value::Scalar &&
      ivSlot->sym && !ivSlot->sym->type.isBool)
    symStep = chunkLoopStep(iv, boundE, body);
  const int64_t stepV = stepOpt.value_or(0);
  bool induction = iv && (stepV != 0 || symStep) && ivSlot && ivSlot->kind == Value::Scalar && !isDo;

  Loop L;
  L.id = int(model.loops.size());
  L.parent = loopStack.empty() ? -1 : loopStack.back();
  L.loc = loc(loopStmt->getBeginLoc());
  L.cond = currentCond();
  L.exitsEarly = leavesEarly(body);
  Sym lo, hi, ivSym;
  IntType ivType = iv ? intTypeOf(ctx, iv->getType()) : IntType::i64();
  if (induction) {
    lo = ivSlot->sym;
    // The bound in the comparison's own type (C++ compares in the common
    // type: uint32_t i < int64_t n with n < 0 runs no iteration).
    Sym b = asSym(eval(boundE), boundE->getType(), boundE->getBeginLoc());
    // Normalise to an exclusive upper bound (step > 0) or lower bound (< 0).
    if (condOffset != 0)
      b = mkBin(SymOp::Sub, toMath(b), mkConst(condOffset), IntType::math()); // i + c < n: i < n - c
    if (stepV > 0 || symStep) {
      if (cmp == BO_LT || cmp == BO_NE)
        hi = b;
      else if (cmp == BO_LE)
        hi = mkBin(SymOp::Add, toMath(b), mkConst(1), IntType::math());
      else
        induction = false;
    } else {
      if (cmp == BO_GT || cmp == BO_NE)
        hi = b; // exclusive lower bound
      else if (cmp == BO_GE)
        hi = mkBin(SymOp::Sub, toMath(b), mkConst(1), IntType::math());
      else
        induction = false;
    }
  }
  // A short loop with constant bounds whose body indexes an array by the
  // counter (TBuf/TQue/LocalTensor members `bufs[i]`, ping-pong pairs) is
  // unrolled: array elements are tracked by constant index only.
  if (induction && stepV > 0 && !stepEntry) {
    auto clo = asConst(toMath(lo)), chi = asConst(toMath(hi));
    if (clo && chi && *chi > *clo && (*chi - *clo + stepV - 1) / stepV <= kMaxUnroll && indexesArrayBy(body, iv)) {
      LRef ivRef = localRef(&f, iv);
      if (auto a = f.aliases.find(iv); a != f.aliases.end())
        ivRef = a->second;
      for (int64_t v = *clo; v < *chi && alive(); v += stepV) {
        writeJoined(ivRef, scalar(mkConst(v, ivType)));
        runBody(body, nullptr, true);
      }
      writeJoined(ivRef, scalar(mkConst(std::max(*clo, *chi), ivType)));
      return;
    }
  }
  if (induction) {
    ivSym = mkVar(iv->getNameAsString(), ivType, VarRole::Internal);
    L.var = ivSym;
    L.lo = lo;
    L.hi = hi;
    L.step = symStep ? symStep : mkConst(stepV);
  }

  // Dry run: find what the body changes, then undo it.
  const ModelMark before = modelMark();
  size_t m = mark();
  bool outer = journalActive;
  journalActive = true;
  ++dryRun;
  LRef ivRef;
  if (iv) {
    ivRef = localRef(&f, iv);
    // Locals may live in an alias chain; resolve.
    auto a = f.aliases.find(iv);
    if (a != f.aliases.end())
      ivRef = a->second;
  }
  if (induction)
    writeJoined(ivRef, scalar(ivSym));
  runBody(body, inc, induction);
  // The symbolic step must be what the body leaves it: else the counter is
  // not an induction variable (it is havocked like any changed value).
  bool stepChanged = false;
  if (stepEntry && alive())
    stepChanged = !structurallyEqual(toMath(asSym(eval(stepE), stepE->getType(), stepE->getBeginLoc())), stepEntry);
  --dryRun;
  auto changed = rollback(m);
  // What a dry run recorded is dropped. (Its parameter stores and unset
  // tensor uses name the counter without the loop's bounds, the loop not
  // being recorded yet: they would be questions about every value of it.)
  auto discardDryRun = [&]() {
    truncateModel(before);
    journalActive = outer;
  };
  discardDryRun();

  // A second dry run with each changed scalar (and each changed pointer's
  // offset) set to a fresh value before the body: what an iteration leaves
  // is then a function of what it found. The first run's values can hide
  // that (from len = 16, `len = len + 16` leaves the constant 32). Steps and
  // choices below are read off this run only; without it (inside another
  // loop's dry run, to bound the work: cdist's extraction took 2.6 times as
  // long with it there too) the changed values are havocked.
  std::vector<Sym> entrySym(changed.size());
  std::vector<Value> exitVal(changed.size());
  bool verified = false;
  // Only where the first run's values could be a step or a choice (their
  // leaves the entry value or inputs only, or a pointer that stayed in its
  // memory): a value that fails this fails from a fresh entry too.
  auto mayBeCandidate = [&](size_t ci) {
    if (induction && changed[ci].first == ivRef)
      return false;
    const Value &fin = changed[ci].second;
    Value cur = read(changed[ci].first, QualType());
    if (cur.kind == Value::GmPtr && fin.kind == Value::GmPtr)
      return cur.p.root == fin.p.root;
    if (cur.kind != Value::Scalar || fin.kind != Value::Scalar || !cur.sym || !fin.sym)
      return false;
    std::vector<Sym> work{fin.sym};
    while (!work.empty()) {
      Sym x = work.back();
      work.pop_back();
      if (x->op == SymOp::Select && x->args.size() == 3) {
        work.push_back(x->args[1]);
        work.push_back(x->args[2]);
        continue;
      }
      if (!structurallyEqual(x, cur.sym) && !onlyInputs(x))
        return false;
    }
    return true;
  };
  bool anyCandidate = false, pointerCandidate = false;
  for (size_t ci = 0; ci < changed.size(); ++ci)
    if (mayBeCandidate(ci)) {
      anyCandidate = true;
      pointerCandidate |= changed[ci].second.kind == Value::GmPtr;
    }
  // Inside another loop's dry run only for a moving pointer (post-update
  // addressing in nested loops: a row loop around the loads of one row, each
  // moving the same UB pointer; ops-math arg_max_with_value's ArgMaxV1), and
  // a few levels deep: the outer loop's step is the sum of the inner ones.
  if ((dryRun == 0 || (pointerCandidate && dryRun < kMaxNestedPointerDryRuns)) && anyCandidate) {
    size_t m2 = mark();
    journalActive = true;
    ++dryRun;
    for (size_t ci = 0; ci < changed.size(); ++ci) {
      if (induction && changed[ci].first == ivRef)
        continue;
      Value cur = read(changed[ci].first, QualType());
      if (cur.kind == Value::Scalar && cur.sym && !cur.sym->type.isBool) {
        entrySym[ci] =
            mkVar("'" + refName(changed[ci].first) + "' before an iteration", cur.sym->type, VarRole::Internal);
        writeJoined(changed[ci].first, scalar(entrySym[ci]));
      } else if (cur.kind == Value::GmPtr && cur.p.offsetBytes) {
        entrySym[ci] =
            mkVar("'" + refName(changed[ci].first) + "' before an iteration", IntType::u64(), VarRole::Internal);
        Value nv = cur;
        nv.p.offsetBytes = entrySym[ci];
        writeJoined(changed[ci].first, nv);
      }
    }
    if (induction)
      writeJoined(ivRef, scalar(ivSym));
    runBody(body, inc, induction);
    for (size_t ci = 0; ci < changed.size(); ++ci)
      if (entrySym[ci])
        exitVal[ci] = read(changed[ci].first, QualType());
    --dryRun;
    rollback(m2);
    discardDryRun();
    verified = true;
  }

  if (stepChanged) {
    induction = false;
    symStep = nullptr;
    L.var = L.lo = L.hi = L.step = nullptr;
  }
  // Havoc what the iterations change (except the induction variable).
  std::string where = L.loc.file.empty() ? "" : " at line " + std::to_string(L.loc.line);
  // A pointer one iteration moves by a fixed step D (p += n, post-update
  // addressing) is p0 + k * D in iteration k when D depends on inputs and
  // constants only: the values the dry run saw are those of every iteration.
  std::map<size_t, Sym> ptrStep, ptrBase;
  if (induction && !symStep && verified)
    for (size_t ci = 0; ci < changed.size(); ++ci) {
      const Value &fin = exitVal[ci];
      Value cur = read(changed[ci].first, QualType());
      if (!entrySym[ci] || cur.kind != Value::GmPtr || fin.kind != Value::GmPtr || cur.p.root != fin.p.root ||
          cur.p.view != fin.p.view || cur.p.local != fin.p.local || !fin.p.offsetBytes)
        continue;
      // fin = entry + d1 + d2 + ... (the left spine of the additions; an
      // inner loop's summary p0 + k * D is in u64 over the mathematical sum,
      // which the spine reads through: an offset that wraps 2^64 is out of
      // every buffer either way)
      Sym d = mkConst(0), at = fin.p.offsetBytes;
      while (!structurallyEqual(at, entrySym[ci])) {
        if (at->op == SymOp::Cast && at->args.size() == 1 &&
            ((at->type == IntType::u64() && at->args[0]->op == SymOp::Add && at->args[0]->type == IntType::math()) ||
             (at->type == IntType::math() && at->args[0]->type == IntType::u64())))
          at = at->args[0];
        else if (at->op == SymOp::Add && at->args.size() == 2) {
          d = add(d, at->args[1]);
          at = at->args[0];
        } else
          break;
      }
      if (at->op == SymOp::Cast && at->args.size() == 1 && structurallyEqual(at->args[0], entrySym[ci]))
        at = at->args[0];
      if (!structurallyEqual(at, entrySym[ci]) || !onlyInputs(d))
        continue;
      ptrStep[ci] = d;
    }
  Sym iterK; // iteration number of the recorded run
  if (induction && !symStep)
    iterK = mkBin(SymOp::Div, sub(toMath(ivSym), toMath(lo)), mkConst(stepV), IntType::math());
  // A scalar each iteration advances by the same amount (`tileStep_++`, `off
  // += tile`, unconditionally, in a loop no iteration leaves early) is
  // v0 + k * D in iteration k, in its type (ping-pong parity `tileStep_ % 2`
  // follows the iteration).
  std::map<size_t, Sym> linStep;
  if (induction && !symStep && verified && !L.exitsEarly)
    for (size_t ci = 0; ci < changed.size(); ++ci) {
      const Value &fin = exitVal[ci];
      Value cur = read(changed[ci].first, QualType());
      if (!entrySym[ci] || cur.kind != Value::Scalar || fin.kind != Value::Scalar || !cur.sym || !fin.sym ||
          cur.sym->type.isBool)
        continue;
      auto isEntry = [&](const Sym &x) {
        return structurallyEqual(x, entrySym[ci]) ||
               (x->op == SymOp::Cast && structurallyEqual(x->args[0], entrySym[ci]));
      };
      Sym at = fin.sym->op == SymOp::Cast ? fin.sym->args[0] : fin.sym;
      Sym d = mkConst(0);
      while (at->op == SymOp::Add && at->args.size() == 2 && !isEntry(at)) {
        d = add(d, at->args[1]);
        at = at->args[0];
      }
      if (isEntry(at) && asConst(d).value_or(1) != 0 && onlyInputs(d))
        linStep[ci] = d;
    }
  // A count one iteration lowers by min(count, L) (Reg::UpdateMask's
  // saturating decrement, api/RegApi.cpp) is c0 - min(c0, k * L) in
  // iteration k.
  std::map<size_t, int64_t> satStep;
  if (induction && !symStep && verified)
    for (size_t ci = 0; ci < changed.size(); ++ci) {
      const Value &fin = exitVal[ci];
      Value cur = read(changed[ci].first, QualType());
      if (!entrySym[ci] || cur.kind != Value::Scalar || fin.kind != Value::Scalar || !cur.sym || !fin.sym ||
          cur.sym->type.isSigned)
        continue;
      Sym f = fin.sym->op == SymOp::Cast ? fin.sym->args[0] : fin.sym;
      if (f->op != SymOp::Sub || f->args.size() != 2 || f->args[1]->op != SymOp::Select)
        continue;
      const Sym &a = f->args[0], &sel = f->args[1];
      if (!structurallyEqual(a, toMath(entrySym[ci])) || sel->args.size() != 3 || sel->args[0]->op != SymOp::Lt ||
          !structurallyEqual(sel->args[0]->args[0], a) || !structurallyEqual(sel->args[1], a) ||
          !structurallyEqual(sel->args[0]->args[1], sel->args[2]))
        continue;
      if (auto L = asConst(sel->args[2]); L && *L > 0)
        satStep[ci] = *L;
    }
  // A scalar each iteration either keeps or sets to loop-invariant values
  // (`if (i == n - 1) len = tail;`, `len = last ? tail : tile;`) has, in any
  // iteration and after the loop, its value before the loop or one of those:
  // which one is an Internal variable chosen per iteration. The leaves of the
  // dry run's final value (through ?:) must be the value before the loop or
  // depend on inputs only.
  std::map<size_t, std::pair<Sym, std::vector<Sym>>> choices; // ci -> (before, set values)
  for (size_t ci = 0; ci < changed.size() && verified; ++ci) {
    const Value &fin = exitVal[ci];
    if (induction && changed[ci].first == ivRef)
      continue;
    Value cur = read(changed[ci].first, QualType());
    if (!entrySym[ci] || cur.kind != Value::Scalar || fin.kind != Value::Scalar || !cur.sym || !fin.sym ||
        cur.sym->type.isBool)
      continue;
    std::vector<Sym> leaves;
    bool ok = true;
    std::function<void(const Sym &)> walk = [&](const Sym &s) {
      if (!ok)
        return;
      // A select on inputs only (`tiles = n < 16 ? n : 16`) is one value,
      // the same in every iteration: a leaf, its condition kept (taking its
      // arms as separate choices would let a choice pick `n` past 16).
      if (s->op == SymOp::Select && s->args.size() == 3 && !onlyInputs(s)) {
        walk(s->args[1]);
        walk(s->args[2]);
        return;
      }
      if (structurallyEqual(s, entrySym[ci]))
        return; // the value the iteration found: kept
      ok &= onlyInputs(s);
      if (std::none_of(leaves.begin(), leaves.end(), [&](const Sym &l) { return structurallyEqual(l, s); }))
        leaves.push_back(s);
      ok &= leaves.size() <= 4;
    };
    walk(fin.sym);
    if (ok && !leaves.empty())
      choices[ci] = {cur.sym, leaves};
  }
  // Pointers each iteration permutes (`tmp = cur; cur = nxt; nxt = tmp;`,
  // ping-pong buffers): after any number of iterations each holds the value
  // one of them had before the loop, all rotated alike (k applications of
  // the permutation). Each is then a pointer choice over those values, by one
  // Internal variable per cycle chosen per iteration (and after the loop):
  // the accesses through them are followed for each buffer.
  std::map<size_t, std::vector<size_t>> rotation; // ci -> ci, sigma(ci), sigma^2(ci), ... (its cycle)
  std::vector<Value> entryPtr(changed.size());    // the values before the loop
  {
    std::map<size_t, size_t> sigma;
    for (size_t ci = 0; ci < changed.size(); ++ci)
      entryPtr[ci] = read(changed[ci].first, QualType());
    for (size_t ci = 0; ci < changed.size(); ++ci) {
      const Value &fin = changed[ci].second;
      if (entryPtr[ci].kind != Value::GmPtr || fin.kind != Value::GmPtr)
        continue;
      for (size_t cj = 0; cj < changed.size(); ++cj) {
        const Value &e = entryPtr[cj];
        if (cj != ci && e.kind == Value::GmPtr && samePointee(fin.p, e.p) && fin.p.elemBytes == e.p.elemBytes &&
            sameSym(fin.p.offsetBytes, e.p.offsetBytes)) {
          sigma[ci] = cj;
          break;
        }
      }
    }
    for (const auto &[ci, next] : sigma) {
      std::vector<size_t> orbit{ci};
      size_t x = next;
      while (x != ci && orbit.size() < 4) {
        auto it = sigma.find(x);
        if (it == sigma.end())
          break;
        orbit.push_back(x);
        x = it->second;
      }
      if (x != ci || orbit.size() < 2)
        continue;
      rotation[ci] = orbit;
    }
  }
  std::map<size_t, Sym> rotationVar; // cycle (its smallest ci) -> its choice variable, per havoc
  auto rotated = [&](size_t ci, const char *when) {
    const std::vector<size_t> &orbit = rotation.at(ci);
    bool after = std::string(when) == "after";
    Sym &k = rotationVar[*std::min_element(orbit.begin(), orbit.end())];
    if (!k) {
      VarInfo like;
      like.role = VarRole::Internal;
      like.choice = after ? VarInfo::Choice::AfterLoop : VarInfo::Choice::InLoop;
      like.choiceLoop = after ? -1 : L.id;
      k = mkVarLike("exchanges of the pointers of the loop" + where + " so far", IntType::i32(), like);
    }
    std::vector<std::pair<Sym, GmPtrVal>> alts;
    Sym others = mkBool(false);
    for (size_t m = 0; m < orbit.size(); ++m) {
      Sym cond = m + 1 < orbit.size() ? mkCmp(SymOp::Eq, k, mkConst(int64_t(m), IntType::i32())) : mkNot(others);
      others = mkOr(others, cond);
      alts.push_back({cond, entryPtr[orbit[m]].p});
    }
    Value v;
    v.kind = Value::Unknown;
    v.reason = "'" + refName(changed[ci].first) + "' is one of the pointers the loop" + where + " exchanges";
    v.ptrAlts = std::make_shared<const std::vector<std::pair<Sym, GmPtrVal>>>(std::move(alts));
    return v;
  };
  auto chosen = [&](size_t ci, const char *when) {
    const auto &[before, leaves] = choices.at(ci);
    // An Internal variable marked a choice: a failure for some choice is a
    // counterexample, never a violation (smt/Solver.cpp), and a later copy of
    // the loop body gets its own (checker/graph/SyncGraph.cpp).
    bool after = std::string(when) == "after";
    VarInfo like;
    like.role = VarRole::Internal;
    like.choice = after ? VarInfo::Choice::AfterLoop : VarInfo::Choice::InLoop;
    like.choiceLoop = after ? -1 : L.id;
    Sym k = mkVarLike("'" + refName(changed[ci].first) + "' in an iteration", IntType::i32(), like);
    Sym v = before;
    for (size_t i = 0; i < leaves.size(); ++i)
      v = mkSelect(mkCmp(SymOp::Eq, k, mkConst(int64_t(i) + 1, IntType::i32())), mkCast(leaves[i], before->type), v);
    return v;
  };
  auto havoc = [&](const char *when) {
    rotationVar.clear(); // the iterations, then after the loop: a variable each
    const std::string changes =
        std::string(when) == "after" ? std::string("changes after the loop") : std::string(kChangedAcrossIterations);
    for (size_t ci = 0; ci < changed.size(); ++ci) {
      auto &c = changed[ci];
      if (induction && c.first == ivRef)
        continue;
      Value cur = read(c.first, QualType());
      Value nv;
      if (rotation.count(ci)) {
        writeJoined(c.first, rotated(ci, when));
        continue;
      }
      if (auto ps = ptrStep.find(ci); ps != ptrStep.end() && cur.kind == Value::GmPtr) {
        bool during = std::string(when) != "after";
        Sym k = iterK;
        if (!during && stepV == 1 && (cmp == BO_LT || cmp == BO_LE))
          k = mkSelect(mkCmp(SymOp::Lt, toMath(lo), toMath(hi)), sub(toMath(hi), toMath(lo)), mkConst(0));
        else if (!during)
          k = nullptr;
        if (k) {
          // `cur` is p0 before the loop; after the loop it was set to the
          // value during it, so undo the step from that form.
          nv = cur;
          Sym base = during ? cur.p.offsetBytes : ptrBase[ci];
          nv.p.offsetBytes = mkCast(add(toMath(base), mul(k, ps->second)), IntType::u64());
          if (during)
            ptrBase[ci] = cur.p.offsetBytes;
          writeJoined(c.first, nv);
          continue;
        }
      }
      if (auto ls = linStep.find(ci);
          ls != linStep.end() && cur.kind == Value::Scalar && cur.sym && std::string(when) != "after") {
        nv = scalar(mkCast(add(toMath(cur.sym), mul(iterK, ls->second)), cur.sym->type));
        writeJoined(c.first, nv);
        continue;
      }
      if (auto st = satStep.find(ci);
          st != satStep.end() && cur.kind == Value::Scalar && cur.sym && std::string(when) != "after") {
        Sym c0 = toMath(cur.sym), kl = mul(iterK, mkConst(st->second));
        nv = scalar(mkCast(sub(c0, mkSelect(mkCmp(SymOp::Lt, c0, kl), c0, kl)), cur.sym->type));
        writeJoined(c.first, nv);
        continue;
      }
      if (choices.count(ci) && cur.kind == Value::Scalar && cur.sym) {
        nv = scalar(chosen(ci, when));
      } else if (cur.kind == Value::Scalar && cur.sym) {
        nv = scalar(mkOpaque("'" + refName(c.first) + "' " + changes + where, cur.sym->type));
      } else if (cur.kind == Value::Obj) {
        continue; // objects keep identity; their fields were journaled separately
      } else {
        nv.kind = Value::Unknown;
        nv.reason = "'" + refName(c.first) + "' " + changes + where;
      }
      writeJoined(c.first, nv);
    }
  };
  const uint32_t freshFrom = nextVariableId(); // made from here on: per iteration
  havoc("across iterations of");

  model.loops.push_back(L);
  loopStack.push_back(L.id);
  Sym enter = mkBool(true);
  if (induction) {
    writeJoined(ivRef, scalar(ivSym));
    Sym i = toMath(ivSym);
    if (symStep) {
      // Iteration k runs i = lo + k * S while i < hi (every k for S <= 0:
      // i only falls). A signed counter does not overflow (undefined
      // behaviour); an unsigned one counts modulo 2^bits, so its values are
      // lo + k * S in its type (a superset of the iterations once it wraps:
      // the loop may have ended before).
      // k is chosen per iteration: a later copy of the body (the sync
      // graph's iteration i + 1) gets its own (checker/graph/SyncGraph.cpp).
      VarInfo like;
      like.role = VarRole::Internal;
      like.choice = VarInfo::Choice::InLoop;
      like.choiceLoop = L.id;
      Sym k = mkVarLike("iteration of '" + iv->getNameAsString() + "'", IntType::i64(), like);
      Sym at = add(toMath(lo), mul(toMath(k), symStep));
      // The counter wraps only if some iteration's i + S reaches 2^bits,
      // with i < hi: never where S > 0 and hi + S <= 2^bits, and there its
      // values are exactly lo + k * S. (Taken modulo 2^bits whatever the
      // bounds, `off = k * 40` reached off = 8 with total = tile = 40: a
      // copy past the tensor in an iteration that never runs.)
      if (!ivType.isSigned && ivType.bits && ivType.bits < 64) {
        Sym noWrap = mkAnd(mkCmp(SymOp::Gt, symStep, mkConst(0)),
                           mkCmp(SymOp::Le, add(toMath(hi), symStep), mkConst(int64_t(1) << ivType.bits)));
        at = mkSelect(noWrap, at, toMath(mkCast(at, ivType)));
      } else if (!ivType.isSigned) {
        at = toMath(mkCast(at, ivType));
      }
      enter = mkAnd(mkCmp(SymOp::Lt, i, toMath(hi)),
                    mkAnd(mkCmp(SymOp::Ge, toMath(k), mkConst(0)), mkCmp(SymOp::Eq, i, at)));
    } else if (stepV > 0)
      enter = mkAnd(mkCmp(SymOp::Le, toMath(lo), i), mkCmp(SymOp::Lt, i, toMath(hi)));
    else
      enter = mkAnd(mkCmp(SymOp::Ge, toMath(lo), i), mkCmp(SymOp::Gt, i, toMath(hi)));
    if (!symStep && stepV != 1 && stepV != -1)
      enter = mkAnd(enter, mkCmp(SymOp::Eq,
                                 mkBin(SymOp::Rem, sub(i, lo), mkConst(stepV < 0 ? -stepV : stepV), IntType::math()),
                                 mkConst(0)));
  } else if (cond && !isDo) {
    // Some iteration runs with the condition true.
    Sym c = asSym(eval(cond), ctx.BoolTy, cond->getBeginLoc());
    enter = c->type.isBool ? c : mkCast(c, IntType::boolean());
  }
  pushCond(enter);
  runBody(body, inc, induction);
  popCond();
  loopStack.pop_back();
  // `for (i = lo; i < hi; ++i) a[i] = f(i);` with every iteration run (no
  // early exit, not inside another loop or a dry run): after the loop,
  // element j of `a` is f(j) for lo <= j < hi (ObjState::LoopSummary).
  if (induction && !symStep && stepV == 1 && !mayStopLoop(body) && dryRun == 0 && loopStack.empty() && ivSym &&
      ivSym->op == SymOp::Var)
    for (auto &c : changed) {
      const LRef &r = c.first;
      if (r.kind != LRef::Elem || r.index != kSymElem || !r.obj || !r.obj->symIndex)
        continue;
      const Sym &ix = r.obj->symIndex;
      // Casts that keep every value of the counter's type (wider, and signed
      // unless the counter is unsigned; or the same type): a uint32_t counter
      // cast to int32_t is not one of them.
      auto keepsValues = [&](const Sym &c) {
        return c->op == SymOp::Cast && c->args.size() == 1 && !c->type.isBool &&
               ((c->type.bits > ivType.bits && (c->type.isSigned || !ivType.isSigned)) ||
                (c->type.bits == ivType.bits && c->type.isSigned == ivType.isSigned));
      };
      const Sym *base = &ix;
      while (keepsValues(*base))
        base = &(*base)->args[0];
      Value *v = slot(r);
      if (!v || v->kind != Value::Scalar || !v->sym)
        continue;
      // `a[i + d]` with d loop-invariant (ops-math broadcast_to: innerShape[
      // MAX_INNER_DIM - uAxisCnt + i] = xSize[i]): iteration i wrote element
      // i + d. In a type that keeps the counter's values, distinct
      // iterations write distinct elements; an iteration whose sum wraps
      // writes an element the summary calls unwritten (an opaque value),
      // never a wrong one.
      Sym offset;
      if (!structurallyEqual(*base, ivSym)) {
        const Sym &sum = *base;
        if (sum->op != SymOp::Add || sum->args.size() != 2 || sum->type.isBool || sum->type.bits < ivType.bits)
          continue;
        for (int side = 0; side < 2 && !offset; ++side) {
          const Sym *arg = &sum->args[side];
          while (keepsValues(*arg))
            arg = &(*arg)->args[0];
          if (!structurallyEqual(*arg, ivSym))
            continue;
          const Sym &d = sum->args[1 - side];
          std::vector<std::shared_ptr<const VarInfo>> dv;
          collectVars(d, dv);
          // Made before the loop: a value made in it (an element read by
          // GetValue, a lazily named input) may differ per iteration.
          bool invariant = true;
          for (auto &vi : dv)
            invariant = invariant && vi->id != ivSym->var->id && vi->id < freshFrom;
          if (invariant)
            offset = toMath(d);
        }
        if (!offset)
          continue;
      }
      auto S = std::make_shared<ObjState::LoopSummary>();
      S->offset = offset;
      S->ivId = ivSym->var->id;
      S->lo = lo;
      S->hi = hi;
      S->guard = currentCond();
      // Its paths that did not write the element (an early `continue` after
      // another write to it, a merge with the value before the loop) are
      // the element's old value, opaque after the havoc: ruled out where the
      // guard and the branch conditions say so (ops-math mem_set_v2's
      // per-tensor offsets, whose old value sat under `blockIdx > cores - 1`,
      // the kernel's early return).
      S->value = simplifyBranches(v->sym, {S->guard});
      S->freshFrom = freshFrom;
      S->where = L.loc.file.empty() ? "" : " at line " + std::to_string(L.loc.line);
      r.obj->symIndex = nullptr;
      r.obj->summary = S;
    }
  havoc("after");
  if (induction && stepV == 1 && (cmp == BO_LT || cmp == BO_LE)) {
    // Exit value of a unit-step counter: max(lo, hi).
    Sym exitV = mkSelect(mkCmp(SymOp::Lt, toMath(lo), toMath(hi)), toMath(hi), toMath(lo));
    writeJoined(ivRef, scalar(mkCast(exitV, ivType)));
  } else if (iv) {
    writeJoined(ivRef, scalar(mkOpaque("'" + iv->getNameAsString() + "' after the loop" + where, ivType)));
  }
}

void Interp::runBody(const Stmt *body, const Expr *inc, bool inductionHandled) {
  Frame &f = *frames.back();
  bool brokeBefore = f.broke;
  int saveDepth = f.loopDepth;
  size_t saveBase = f.loopCondBase;
  Sym saveIter = f.iterAlive;
  f.loopDepth++;
  f.loopCondBase = condStack.size(); // (an outer iteration's `continue` guard stays: iterAlive is kept)
  exec(body);
  f.broke = brokeBefore;
  f.iterAlive = saveIter;
  if (inc && !inductionHandled)
    eval(inc);
  f.loopDepth = saveDepth;
  f.loopCondBase = saveBase;
}

// ----------------------------------------------------------- expressions

Value Interp::eval(const Expr *e) {
  if (!e || !step()) {
    Value u;
    u.kind = Value::Unknown;
    u.reason = "analysis budget exceeded";
    return u;
  }
  // Each level folds its subtree with Clang's evaluator: a deep expression
  // costs depth^2 and the stack. Deeper than this, the value is opaque and
  // its API calls become unmodelled operations (skipped()).
  constexpr unsigned kMaxEvalDepth = 256;
  if (evalDepth >= kMaxEvalDepth) {
    std::string why = "an expression nested deeper than " + std::to_string(kMaxEvalDepth) + " levels";
    note(why + " is not modelled", e->getBeginLoc());
    skipped(e, why);
    Value u;
    u.kind = Value::Unknown;
    u.reason = "expression nested too deeply";
    return u;
  }
  struct DepthGuard {
    unsigned &d;
    explicit DepthGuard(unsigned &d) : d(d) { ++d; }
    ~DepthGuard() { --d; }
  } depthGuard(evalDepth);
  // Constants the compiler can fold (sizeof, constexpr, enums, templates).
  QualType t = e->getType();
  if (e->containsErrors())
    return evalErrorExpr(e);
  if (t.isNull()) {
    Value u;
    u.kind = Value::Unknown;
    u.reason = "code that does not compile";
    return u;
  }
  if (Sym c = foldIntConstant(ctx, e))
    return scalar(c);
  switch (e->getStmtClass()) {
  case Stmt::IntegerLiteralClass:
    return scalar(mkConst(cast<IntegerLiteral>(e)->getValue().getZExtValue(), intTypeOf(ctx, t)));
  case Stmt::CXXBoolLiteralExprClass:
    return scalar(mkBool(cast<CXXBoolLiteralExpr>(e)->getValue()));
  case Stmt::CharacterLiteralClass:
    return scalar(mkConst(cast<CharacterLiteral>(e)->getValue(), intTypeOf(ctx, t)));
  case Stmt::CXXNullPtrLiteralExprClass:
    return scalar(mkConst(0, IntType::u64()));
  case Stmt::FloatingLiteralClass: {
    Value v;
    v.kind = Value::Unknown;
    v.reason = "floating-point value";
    return v;
  }
  case Stmt::ParenExprClass:
    return eval(cast<ParenExpr>(e)->getSubExpr());
  case Stmt::ConstantExprClass:
    return eval(cast<ConstantExpr>(e)->getSubExpr());
  case Stmt::ExprWithCleanupsClass:
    return eval(cast<ExprWithCleanups>(e)->getSubExpr());
  case Stmt::MaterializeTemporaryExprClass:
    return eval(cast<MaterializeTemporaryExpr>(e)->getSubExpr());
  case Stmt::CXXBindTemporaryExprClass:
    return eval(cast<CXXBindTemporaryExpr>(e)->getSubExpr());
  case Stmt::SubstNonTypeTemplateParmExprClass:
    return eval(cast<SubstNonTypeTemplateParmExpr>(e)->getReplacement());
  case Stmt::CXXDefaultArgExprClass:
    return eval(cast<CXXDefaultArgExpr>(e)->getExpr());
  case Stmt::CXXDefaultInitExprClass:
    return eval(cast<CXXDefaultInitExpr>(e)->getExpr());
  case Stmt::ImplicitCastExprClass:
  case Stmt::CStyleCastExprClass:
  case Stmt::CXXStaticCastExprClass:
  case Stmt::CXXReinterpretCastExprClass:
  case Stmt::CXXConstCastExprClass:
  case Stmt::CXXFunctionalCastExprClass:
    return evalCast(cast<CastExpr>(e));
  case Stmt::DeclRefExprClass:
    return evalDeclRef(cast<DeclRefExpr>(e));
  case Stmt::MemberExprClass: {
    LRef r = evalLValue(e);
    if (r.kind == LRef::None) {
      Value v;
      v.kind = Value::Unknown;
      v.reason = "cannot follow '" + exprText(e) + "'";
      return v;
    }
    return read(r, t);
  }
  case Stmt::CXXThisExprClass: {
    Value v;
    v.kind = Value::ObjPtr;
    v.obj = frames.back()->thisObj;
    return v;
  }
  case Stmt::UnaryOperatorClass:
    return evalUnary(cast<UnaryOperator>(e));
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass:
    return evalBinary(cast<BinaryOperator>(e));
  case Stmt::ConditionalOperatorClass: {
    const auto *co = cast<ConditionalOperator>(e);
    Sym c = asSym(eval(co->getCond()), ctx.BoolTy, co->getBeginLoc());
    if (!c->type.isBool)
      c = mkCast(c, IntType::boolean());
    if (isTrue(c))
      return eval(co->getTrueExpr());
    if (isFalse(c))
      return eval(co->getFalseExpr());
    pushCond(c);
    Value a = eval(co->getTrueExpr());
    popCond();
    pushCond(mkNot(c));
    Value b = eval(co->getFalseExpr());
    popCond();
    if (t->isIntegralOrEnumerationType())
      return scalar(mkSelect(c, asSym(a, t, co->getBeginLoc()), asSym(b, t, co->getBeginLoc())));
    // A struct chosen by the condition (only here: merged at every join of
    // control flow, selects in every member made ops-math fresnel_sin's
    // questions out of units, 2,987 -> 1,787 decided).
    if (a.kind == Value::Obj && b.kind == Value::Obj && a.obj && b.obj && a.obj != b.obj)
      if (Value m = mergeDataObjects(c, a, b, "?:"); m.kind == Value::Obj)
        return m;
    return mergeValues(c, a, b, "?:");
  }
  case Stmt::UnaryExprOrTypeTraitExprClass: {
    Expr::EvalResult r;
    if (e->EvaluateAsInt(r, ctx))
      return scalar(mkConst(r.Val.getInt().getExtValue(), intTypeOf(ctx, t)));
    return unknownValue("sizeof of a dependent type", t);
  }
  case Stmt::CallExprClass:
  case Stmt::CXXMemberCallExprClass:
  case Stmt::CXXOperatorCallExprClass:
    return evalCall(cast<CallExpr>(e));
  case Stmt::CXXConstructExprClass:
  case Stmt::CXXTemporaryObjectExprClass:
    return evalConstruct(cast<CXXConstructExpr>(e));
  case Stmt::InitListExprClass:
    return evalInitList(cast<InitListExpr>(e));
  case Stmt::ImplicitValueInitExprClass:
  case Stmt::CXXScalarValueInitExprClass:
    if (t->isIntegralOrEnumerationType())
      return scalar(mkConst(0, intTypeOf(ctx, t)));
    if (const auto *rd = t->getAsCXXRecordDecl()) {
      Value v;
      v.kind = Value::Obj;
      v.obj = newObject(rd, "");
      return wrapApiObject(v, rd);
    }
    break;
  case Stmt::ArraySubscriptExprClass: {
    if (simt && simtPointerAccess(e, false)) // a load by a SIMT thread (api/SimtApi.cpp)
      return unknownValue("value loaded from memory by a SIMT thread", t);
    pendingPtr.reset();
    LRef r = evalLValue(e);
    if (r.kind != LRef::None)
      return read(r, t);
    if (pendingPtr) {
      auto [ptr, extra] = *pendingPtr;
      pendingPtr.reset();
      pointerAccess(ptr, extra, e, false);
      return unknownValue("value read from memory through a pointer", t);
    }
    const auto *as = cast<ArraySubscriptExpr>(e);
    Value iv = eval(as->getIdx());
    if (Value v = elementAtSymbolicIndex(as, iv, t); v.kind == Value::Scalar)
      return v;
    return unknownValue("array element '" + exprText(e) + "'", t);
  }
  case Stmt::LambdaExprClass:
    return evalLambda(cast<LambdaExpr>(e));
  default:
    break;
  }
  Value v;
  v.kind = Value::Unknown;
  v.reason = std::string("expression '") + e->getStmtClassName() + "' is not modelled";
  if (!t.isNull() && !t->isDependentType() && t->isIntegralOrEnumerationType())
    return unknownValue(v.reason, t);
  return v;
}

Value Interp::evalDeclRef(const DeclRefExpr *dre) {
  const ValueDecl *d = dre->getDecl();
  QualType t = dre->getType();
  if (const auto *ec = dyn_cast<EnumConstantDecl>(d))
    return scalar(mkConst(ec->getInitVal().getExtValue(), intTypeOf(ctx, t)));
  if (Value *v = lookupLocal(d))
    return *v;
  if (const auto *vd = dyn_cast<VarDecl>(d)) {
    if (vd->hasGlobalStorage() || vd->isStaticDataMember()) {
      // One TILING_KEY_IS variant: the runtime's key is that constant.
      if (opts.fixedTilingKey && vd->getName() == "g_tilingKey" && isApiDecl(vd))
        return scalar(mkConst(*opts.fixedTilingKey, intTypeOf(ctx, t)));
      auto it = globals.find(vd);
      if (it != globals.end())
        return it->second;
      // A constant the frontend declared for a name no header declares
      // (Frontend.cpp, Synthesis): fixed but unknown, so opaque, never a
      // tiling input a counterexample could choose.
      if (sm.getFilename(sm.getSpellingLoc(vd->getLocation())).starts_with("/__ascendc_lint")) {
        Value v = unknownValue("'" + vd->getNameAsString() + "' is not declared (a header that is missing?)", t);
        globals[vd] = v;
        return v;
      }
      // constexpr / const globals with an initialiser
      if (const Expr *init = vd->getAnyInitializer()) {
        if (vd->getType().isConstQualified() || vd->isConstexpr()) {
          Expr::EvalResult r;
          if (vd->getType()->isIntegralOrEnumerationType() && init->EvaluateAsInt(r, ctx))
            return scalar(mkConst(r.Val.getInt().getExtValue(), intTypeOf(ctx, t)));
          Value v = eval(init);
          globals[vd] = v;
          return v;
        }
      }
      if (isApiDecl(vd)) {
        std::string n = vd->getNameAsString();
        if (n == "block_idx")
          return scalar(blockIdx());
        if (n == "block_num")
          return scalar(blockNum());
        if (n == "threadIdx" || n == "blockIdx" || n == "blockDim" || n == "gridDim")
          return simtBuiltin(n, t); // api/SimtApi.cpp
      }
      if (vd->getType()->isIntegralOrEnumerationType()) {
        Value v = scalar(mkVar(vd->getNameAsString(), intTypeOf(ctx, t), VarRole::Input));
        globals[vd] = v;
        return v;
      }
      Value v = makeFieldValue(vd->getType(), vd->getNameAsString(), nullptr);
      globals[vd] = v;
      return v;
    }
    return unknownValue("variable '" + vd->getNameAsString() + "' is not in scope", t);
  }
  Value v;
  v.kind = Value::Unknown;
  v.reason = "reference to '" + d->getNameAsString() + "' is not modelled";
  return v;
}

Value Interp::evalCast(const CastExpr *ce) {
  const Expr *sub = ce->getSubExpr();
  QualType to = ce->getType();
  switch (ce->getCastKind()) {
  case CK_LValueToRValue:
  case CK_NoOp:
  case CK_ConstructorConversion:
  case CK_UserDefinedConversion:
  case CK_DerivedToBase:
  case CK_UncheckedDerivedToBase:
  case CK_BaseToDerived:
  case CK_ArrayToPointerDecay:
  case CK_FunctionToPointerDecay:
  case CK_ToVoid: {
    Value v = eval(sub);
    if (ce->getCastKind() == CK_ToVoid)
      return Value();
    return v;
  }
  case CK_IntegralCast:
  case CK_IntegralToBoolean:
  case CK_BooleanToSignedIntegral: {
    Value v = eval(sub);
    if (ce->getCastKind() == CK_IntegralCast)
      castOperand[ce] = v.kind == Value::Scalar ? v.sym : nullptr; // for param-range
    if (v.kind != Value::Scalar)
      return scalar(asSym(v, to, ce->getBeginLoc()));
    Sym r = intConvert(ctx, v.sym, to);
    if (ce->getCastKind() == CK_IntegralCast && r->op == SymOp::Cast && r->args.size() == 1 && !r->type.isBool &&
        r->type.bits && r->type.bits <= 32 && !r->args[0]->type.isBool &&
        (r->args[0]->type.bits == 0 || r->args[0]->type.bits > r->type.bits))
      noteWrapSite(r, ce->getExprLoc(), "held in " + r->type.name());
    return scalar(r);
  }
  case CK_PointerToBoolean: {
    Value v = eval(sub);
    if (v.kind == Value::GmPtr || v.kind == Value::ObjPtr)
      return scalar(mkBool(true));
    return unknownValue("pointer truth value", to);
  }
  case CK_BitCast:
  case CK_IntegralToPointer:
  case CK_PointerToIntegral:
  case CK_AddressSpaceConversion:
  case CK_Dependent: {
    Value v = eval(sub);
    return retypePointer(v, to, ce);
  }
  case CK_NullToPointer: {
    // `(__ubuf__ half *)0`: address 0 of a local memory.
    const auto *ice = dyn_cast<ImplicitCastExpr>(ce);
    if ((isa<ExplicitCastExpr>(ce) || (ice && ice->isPartOfExplicitCast())) &&
        sub->IgnoreParenImpCasts()->getType()->isIntegerType())
      return retypePointer(scalar(mkConst(0, IntType::u64())), to, ce);
    Value v;
    v.kind = Value::Unknown;
    v.reason = "null pointer";
    return v;
  }
  case CK_FloatingToIntegral:
  case CK_FloatingCast:
  case CK_IntegralToFloating:
  case CK_FloatingToBoolean: {
    eval(sub);
    if (to->isIntegralOrEnumerationType())
      return unknownValue("value converted from floating point", to);
    Value v;
    v.kind = Value::Unknown;
    v.reason = "floating-point value";
    return v;
  }
  default: {
    Value v = eval(sub);
    if (to->isIntegralOrEnumerationType() && v.kind == Value::Scalar)
      return scalar(mkCast(v.sym, intTypeOf(ctx, to)));
    return retypePointer(v, to, ce);
  }
  }
}

// Casting a GM pointer changes its element type (`(__gm__ half *)x`) or
// turns it into a pointer to a struct read from GM (a tiling struct).
Value Interp::retypePointer(Value v, QualType to, const Expr *e) {
  QualType ct = to.getCanonicalType();
  if (ct->isIntegralOrEnumerationType()) {
    if (v.kind == Value::Scalar)
      return scalar(mkCast(v.sym, intTypeOf(ctx, ct)));
    if (tensorAddress(v, ct)) {
      v.p.elemBytes = 1; // integer arithmetic on the address counts bytes
      return v;
    }
    if (v.kind == Value::GmPtr && v.p.local && !v.p.view)
      return scalar(mkCast(v.p.offsetBytes, intTypeOf(ctx, ct)));
    return unknownValue("pointer converted to an integer", ct);
  }
  if (!ct->isPointerType())
    return v;
  QualType pointee = ct->getPointeeType();
  // `(__ubuf__ half *)addr`: an address in a local memory (which one the
  // intrinsic it reaches says); pointer arithmetic then works as on GM.
  if (v.kind == Value::Scalar && v.sym) {
    Value p;
    p.kind = Value::GmPtr;
    p.p.root = "@local";
    p.p.local = true;
    p.p.offsetBytes = mkCast(v.sym, IntType::u64());
    p.p.elemBytes = std::max<uint32_t>(1, sizeOfType(pointee));
    p.p.mem = spelledMemory(e);
    return p;
  }
  if (v.kind == Value::GmPtr) {
    if (v.p.local && !v.p.view)
      if (Mem m = spelledMemory(e); m != Mem::Unknown)
        v.p.mem = m;
    if (pointee->isRecordType()) {
      Value o;
      o.kind = Value::ObjPtr;
      std::string origin = v.p.root;
      if (auto c = asConst(v.p.offsetBytes); !c || *c != 0)
        origin += "+off";
      o.obj = newObject(pointee->getAsCXXRecordDecl(), origin);
      o.obj->originFromPointer = true;
      return o;
    }
    if (uint32_t sz = sizeOfType(pointee))
      v.p.elemBytes = sz;
    return v;
  }
  return v;
}

Value Interp::evalUnary(const UnaryOperator *u) {
  QualType t = u->getType();
  switch (u->getOpcode()) {
  case UO_Plus:
    return eval(u->getSubExpr());
  case UO_Minus:
  case UO_Not:
    return scalar(intUnary(ctx, u, asSym(eval(u->getSubExpr()), t, u->getBeginLoc())));
  case UO_LNot: {
    Sym a = asSym(eval(u->getSubExpr()), ctx.BoolTy, u->getBeginLoc());
    if (!a->type.isBool)
      a = mkCast(a, IntType::boolean());
    return scalar(mkNot(a));
  }
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec: {
    LRef r = evalLValue(u->getSubExpr());
    if (r.kind == LRef::None)
      havocArrayOf(*this, u->getSubExpr());
    Value old = read(r, t);
    if (old.kind == Value::GmPtr || old.ptrAlts) {
      int64_t d = u->isIncrementOp() ? pointerElemBytes(old) : -int64_t(pointerElemBytes(old));
      Value nv = movePointer(old, SymOp::Add, mkConst(d, IntType::u64()));
      write(r, nv);
      return u->isPrefix() ? nv : old;
    }
    Sym o = asSym(old, t, u->getBeginLoc());
    Sym n = intIncDec(u, o);
    write(r, scalar(n));
    return scalar(u->isPrefix() ? n : o);
  }
  case UO_AddrOf: {
    // &p[i] on a GM or local-memory pointer: p + i.
    if (const auto *ase = dyn_cast<ArraySubscriptExpr>(u->getSubExpr()->IgnoreParens()))
      if (ase->getBase()->getType()->isPointerType()) {
        Value base = eval(ase->getBase());
        if (base.kind == Value::GmPtr || base.ptrAlts) {
          Value idx = eval(ase->getIdx());
          Sym d = mkBin(SymOp::Mul, mkCast(asSym(idx, ase->getIdx()->getType(), u->getBeginLoc()), IntType::u64()),
                        mkConst(pointerElemBytes(base), IntType::u64()), IntType::u64());
          return movePointer(base, SymOp::Add, d);
        }
        // A pointer not followed: the address is unknown, and nothing is
        // read (evaluating p[i] would record a load that does not happen).
        if (base.kind == Value::Unknown) {
          Value r;
          r.kind = Value::Unknown;
          r.reason = !base.reason.empty() ? base.reason : "address of '" + exprText(u->getSubExpr()) + "'";
          return r;
        }
      }
    Value v = eval(u->getSubExpr());
    if (v.kind == Value::Obj) {
      v.kind = Value::ObjPtr;
      return v;
    }
    if (v.kind == Value::Tensor)
      return v; // &tensor: passed to helpers by pointer; treat as the tensor
    Value r;
    r.kind = Value::Unknown;
    r.reason = "address of '" + exprText(u->getSubExpr()) + "'";
    r.addrOf = evalLValue(u->getSubExpr());
    return r;
  }
  case UO_Deref: {
    Value v = eval(u->getSubExpr());
    if (v.kind == Value::ObjPtr) {
      v.kind = Value::Obj;
      return v;
    }
    if (v.kind == Value::Tensor)
      return v; // *p where p = &tensor (see UO_AddrOf)
    if (v.kind == Value::Unknown && v.addrOf.kind != LRef::None)
      return read(v.addrOf, t);
    if (v.kind == Value::GmPtr) {
      if (simt && !t->isRecordType()) {
        simtAccess(u, v, mkConst(0, IntType::u64()), false);
        return unknownValue("value read from memory by a SIMT thread", t);
      }
      pointerAccess(v, nullptr, u, false);
      return unknownValue("value read from memory through a pointer", t);
    }
    return unknownValue("dereference of '" + exprText(u->getSubExpr()) + "'", t);
  }
  default:
    break;
  }
  return unknownValue("unary operator is not modelled", t);
}

Value Interp::evalBinary(const BinaryOperator *b) {
  QualType t = b->getType();
  BinaryOperatorKind k = b->getOpcode();
  if (k == BO_Comma) {
    eval(b->getLHS());
    return eval(b->getRHS());
  }
  if (k == BO_LAnd || k == BO_LOr) {
    Sym a = asSym(eval(b->getLHS()), ctx.BoolTy, b->getBeginLoc());
    if (!a->type.isBool)
      a = mkCast(a, IntType::boolean());
    if ((k == BO_LAnd && isFalse(a)) || (k == BO_LOr && isTrue(a)))
      return scalar(a);
    pushCond(k == BO_LAnd ? a : mkNot(a));
    Sym c = asSym(eval(b->getRHS()), ctx.BoolTy, b->getBeginLoc());
    popCond();
    if (!c->type.isBool)
      c = mkCast(c, IntType::boolean());
    return scalar(k == BO_LAnd ? mkAnd(a, c) : mkOr(a, c));
  }
  if (k == BO_Assign) {
    Value v = eval(b->getRHS());
    if (simt && simtPointerAccess(b->getLHS(), true)) // a store by a SIMT thread (api/SimtApi.cpp)
      return v;
    pendingPtr.reset();
    lvalueForAssign = true;
    LRef r = evalLValue(b->getLHS());
    lvalueForAssign = false;
    if (r.kind == LRef::None && pendingPtr) { // `*p = v`, `p[i] = v`: a store to memory
      auto [ptr, extra] = *pendingPtr;
      pendingPtr.reset();
      pointerAccess(ptr, extra, b->getLHS(), true);
      return v;
    }
    QualType lt = b->getLHS()->getType();
    if (lt->isIntegralOrEnumerationType() && !tensorAddress(v, lt))
      v = scalar(asSym(v, lt, b->getBeginLoc()));
    if (r.kind == LRef::None) {
      havocArrayOf(*this, b->getLHS());
      note("assignment to '" + exprText(b->getLHS()) + "' is not followed", b->getBeginLoc());
      return v;
    }
    if (const auto *me = dyn_cast<MemberExpr>(b->getLHS()->IgnoreParens()))
      if (const auto *fd = dyn_cast<FieldDecl>(me->getMemberDecl()); fd && isParamStruct(fd->getParent()))
        noteParamStore(b->getRHS(), v.kind == Value::Scalar ? v.sym : nullptr, lt, fd->getParent()->getNameAsString(),
                       fd->getNameAsString(), b->getBeginLoc());
    write(r, v);
    return v;
  }
  if (b->isCompoundAssignmentOp()) {
    const auto *ca = cast<CompoundAssignOperator>(b);
    pendingPtr.reset();
    LRef r = evalLValue(b->getLHS());
    if (r.kind == LRef::None && pendingPtr) { // `p[i] += v`: a load and a store
      auto [ptr, extra] = *pendingPtr;
      pendingPtr.reset();
      eval(b->getRHS());
      if (simt && simtPointerAccess(b->getLHS(), false)) { // a SIMT thread's read-modify-write
        simtPointerAccess(b->getLHS(), true);
        return unknownValue("value loaded from memory by a SIMT thread", t);
      }
      pointerAccess(ptr, extra, b->getLHS(), false);
      pointerAccess(ptr, extra, b->getLHS(), true);
      return unknownValue("value read from memory through a pointer", t);
    }
    Value old = r.kind != LRef::None ? read(r, t) : eval(b->getLHS());
    Value rhs = eval(b->getRHS());
    Value nv;
    if ((old.kind == Value::GmPtr || old.ptrAlts) && (k == BO_AddAssign || k == BO_SubAssign)) {
      Sym d = mkBin(SymOp::Mul, mkCast(asSym(rhs, QualType(), b->getBeginLoc()), IntType::u64()),
                    mkConst(pointerElemBytes(old), IntType::u64()), IntType::u64());
      nv = movePointer(old, k == BO_AddAssign ? SymOp::Add : SymOp::Sub, d);
    } else {
      nv = scalar(
          intCompound(ctx, ca, asSym(old, t, b->getBeginLoc()), asSym(rhs, b->getRHS()->getType(), b->getBeginLoc())));
      // `offset += step` in a narrow type: the addition, or the conversion
      // back to the variable's type, may wrap.
      for (Sym x = nv.sym; x; x = x->op == SymOp::Cast && x->args.size() == 1 ? x->args[0] : nullptr)
        if (narrowArithmetic(x)) {
          noteWrapSite(x, b->getOperatorLoc(), "computed in " + x->type.name());
          break;
        }
    }
    if (r.kind != LRef::None)
      write(r, nv);
    else if (!simt || !simtPointerAccess(b->getLHS(), true))
      havocArrayOf(*this, b->getLHS());
    return nv;
  }
  Value lv = eval(b->getLHS());
  Value rv = eval(b->getRHS());
  // Pointer arithmetic on GM pointers.
  if ((lv.kind == Value::GmPtr || (lv.ptrAlts && b->getRHS()->getType()->isIntegralOrEnumerationType())) &&
      (k == BO_Add || k == BO_Sub)) {
    Sym d = mkBin(SymOp::Mul, mkCast(asSym(rv, QualType(), b->getBeginLoc()), IntType::u64()),
                  mkConst(pointerElemBytes(lv), IntType::u64()), IntType::u64());
    return movePointer(lv, k == BO_Add ? SymOp::Add : SymOp::Sub, d);
  }
  if ((rv.kind == Value::GmPtr || rv.ptrAlts) && k == BO_Add) {
    Sym d = mkBin(SymOp::Mul, mkCast(asSym(lv, QualType(), b->getBeginLoc()), IntType::u64()),
                  mkConst(pointerElemBytes(rv), IntType::u64()), IntType::u64());
    return movePointer(rv, SymOp::Add, d);
  }
  // `workspace == nullptr` on a GM argument: whether the host passed a null
  // pointer is the host's choice, an input (one per argument), not a value
  // the frontend lost (an opaque made every obligation after ops-math
  // arg_max_v2's `if (workspace == nullptr) return;` unknown).
  if ((k == BO_EQ || k == BO_NE) && (lv.kind == Value::GmPtr || rv.kind == Value::GmPtr)) {
    const Expr *ptrSide = lv.kind == Value::GmPtr ? b->getLHS() : b->getRHS();
    const Expr *other = (lv.kind == Value::GmPtr ? b->getRHS() : b->getLHS())->IgnoreParenImpCasts();
    bool null = isa<CXXNullPtrLiteralExpr>(other) || isa<GNUNullExpr>(other);
    if (const auto *il = dyn_cast<IntegerLiteral>(other))
      null = il->getValue() == 0;
    const auto *dre = dyn_cast<DeclRefExpr>(ptrSide->IgnoreParenImpCasts());
    auto nullOf = [&](const Decl *param) {
      Sym &isNull = nullArguments[param];
      if (!isNull)
        isNull =
            mkVar("(" + cast<NamedDecl>(param)->getNameAsString() + " == nullptr)", IntType::boolean(), VarRole::Input);
      return isNull;
    };
    if (null && dre && isa<ParmVarDecl>(dre->getDecl()) && frames.size() == 1) {
      Sym isNull = nullOf(dre->getDecl());
      return scalar(k == BO_EQ ? isNull : mkNot(isNull));
    }
    // A pointer computed from a kernel argument (`userWS =
    // GetUserWorkspace(workspace)`, `x + offset`): null when the argument is
    // and the offset is 0 (the address is the argument's plus the offset).
    const Value &pv = lv.kind == Value::GmPtr ? lv : rv;
    const FunctionDecl *kernelFn = frames.empty() ? nullptr : frames.front()->fn;
    if (null && kernelFn && !pv.p.local && !pv.p.view && !pv.ptrAlts && pv.p.offsetBytes)
      for (const ParmVarDecl *param : kernelFn->parameters())
        if (param->getName() == pv.p.root) {
          Sym isNull = mkAnd(nullOf(param), mkCmp(SymOp::Eq, toMath(pv.p.offsetBytes), mkConst(0)));
          return scalar(k == BO_EQ ? isNull : mkNot(isNull));
        }
  }
  if (!intOpOf(k))
    return unknownValue("operator is not modelled", t);
  Sym r = intBinary(ctx, b, asSym(lv, b->getLHS()->getType(), b->getBeginLoc()),
                    asSym(rv, b->getRHS()->getType(), b->getBeginLoc()));
  if (r && narrowArithmetic(r))
    noteWrapSite(r, b->getOperatorLoc(), "computed in " + r->type.name());
  return scalar(r);
}

static constexpr size_t kMaxWrapSites = 20000;

void Interp::noteWrapSite(const Sym &node, SourceLocation l, std::string how) {
  // Kernel code only (the API's own arithmetic is trusted), and a bounded
  // number: loops re-evaluate their bodies.
  if (!frames.empty() && isApiDecl(frames.back()->fn))
    return;
  if (asConst(node))
    return;
  if (model.wrapSites.size() >= kMaxWrapSites) {
    ++model.wrapSitesDropped; // said by param-range: not checked
    return;
  }
  model.wrapSites.push_back({node, loc(l), std::move(how)});
}

LRef Interp::evalLValue(const Expr *e) {
  // Only the outermost subscript of `a[i] = v` is the assignment's target
  // (not one evaluated for its base or index).
  const bool assign = lvalueForAssign;
  lvalueForAssign = false;
  e = e->IgnoreParens();
  if (const auto *ic = dyn_cast<ImplicitCastExpr>(e)) {
    if (ic->getCastKind() == CK_NoOp || ic->getCastKind() == CK_DerivedToBase ||
        ic->getCastKind() == CK_UncheckedDerivedToBase || ic->getCastKind() == CK_LValueToRValue) {
      lvalueForAssign = assign;
      return evalLValue(ic->getSubExpr());
    }
  }
  // `(__ubuf__ T*&)src` on a `__ubuf__ void*` src (the register API's
  // post-update through a retyped pointer, ops-math arg_max_v2): the same
  // variable; a pointer value is the same address whatever it points to.
  if (const auto *ec = dyn_cast<ExplicitCastExpr>(e);
      ec && (ec->getCastKind() == CK_LValueBitCast || ec->getCastKind() == CK_NoOp) && ec->getType()->isPointerType() &&
      ec->getSubExpr()->getType()->isPointerType()) {
    lvalueForAssign = assign;
    return evalLValue(ec->getSubExpr());
  }
  if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(e)) {
    lvalueForAssign = assign;
    return evalLValue(mt->getSubExpr());
  }
  if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
    const ValueDecl *d = dre->getDecl();
    for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
      auto a = (*it)->aliases.find(d);
      if (a != (*it)->aliases.end())
        return a->second;
      LRef r = localRef(it->get(), d);
      if ((*it)->locals.count(d) || (isa<VarDecl>(d) && cast<VarDecl>(d)->isLocalVarDeclOrParm()))
        return r;
      break;
    }
    if (const auto *vd = dyn_cast<VarDecl>(d); vd && vd->hasGlobalStorage()) {
      LRef r;
      r.kind = LRef::Global;
      r.decl = d;
      if (!globals.count(vd))
        globals[vd] = evalDeclRef(dre);
      return r;
    }
    return {};
  }
  if (const auto *me = dyn_cast<MemberExpr>(e)) {
    const auto *fd = dyn_cast<FieldDecl>(me->getMemberDecl());
    if (!fd)
      return {};
    std::shared_ptr<ObjState> obj;
    const Expr *base = me->getBase();
    if (me->isArrow()) {
      Value bv = eval(base);
      if (bv.kind == Value::ObjPtr || bv.kind == Value::Obj)
        obj = bv.obj;
    } else {
      LRef br = evalLValue(base);
      if (br.kind != LRef::None) {
        Value bv = read(br, base->getType());
        if (bv.kind == Value::Obj)
          obj = bv.obj;
      } else {
        Value bv = eval(base);
        if (bv.kind == Value::Obj || bv.kind == Value::ObjPtr)
          obj = bv.obj;
      }
    }
    if (!obj)
      return {};
    LRef r;
    r.kind = LRef::Field;
    r.obj = obj;
    r.field = fd;
    return r;
  }
  if (const auto *as = dyn_cast<ArraySubscriptExpr>(e)) {
    const Expr *base = as->getBase()->IgnoreParenImpCasts();
    LRef br = evalLValue(base);
    Value bv = br.kind != LRef::None ? read(br, base->getType()) : eval(base);
    Sym idx = asSym(eval(as->getIdx()), as->getIdx()->getType(), as->getBeginLoc());
    auto ci = asConst(idx);
    if (bv.kind == Value::Obj && bv.obj && bv.obj->isArray && ci && *ci >= 0 &&
        (bv.obj->arraySize == 0 || *ci < bv.obj->arraySize)) {
      LRef r;
      r.kind = LRef::Elem;
      r.obj = bv.obj;
      r.index = *ci;
      return r;
    }
    // An integer element at a computed index: the one the array's symbolic
    // slot holds (the same index expression), or, for `a[i] = v`, a new one
    // (every other element then unknown: `i` may be any of them).
    if (bv.kind == Value::Obj && bv.obj && bv.obj->isArray && !ci && idx && !bv.obj->elemType.isNull() &&
        bv.obj->elemType->isIntegralOrEnumerationType()) {
      ObjState &o = *bv.obj;
      bool same = o.symIndex && structurallyEqual(o.symIndex, idx);
      if (assign && !same) {
        o.elems.clear();
        o.zeroFilled = false;
        o.summary.reset();
        o.symIndex = idx;
        same = true;
      }
      if (same && (assign || o.elems.count(kSymElem))) {
        LRef r;
        r.kind = LRef::Elem;
        r.obj = bv.obj;
        r.index = kSymElem;
        return r;
      }
    }
    // A pointer, or a `__ubuf__ T x[N]` array (its value is its address).
    if (bv.kind == Value::GmPtr && (base->getType()->isPointerType() || base->getType()->isArrayType()))
      pendingPtr = std::make_pair(bv, mul(toMath(mkCast(idx, IntType::i64())), mkConst(bv.p.elemBytes)));
    return {};
  }
  if (const auto *u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_Deref) {
    Value v = eval(u->getSubExpr());
    if (v.kind == Value::Unknown && v.addrOf.kind != LRef::None)
      return v.addrOf;
    if (v.kind == Value::GmPtr)
      pendingPtr = std::make_pair(v, Sym());
    return {};
  }
  return {};
}

Value Interp::evalInitList(const InitListExpr *il) {
  QualType t = il->getType();
  if (t->isConstantArrayType())
    return newArray(t, "", il);
  if (t->isIntegralOrEnumerationType()) {
    if (il->getNumInits() == 1)
      return scalar(asSym(eval(il->getInit(0)), t, il->getBeginLoc()));
    return scalar(mkConst(0, intTypeOf(ctx, t)));
  }
  const auto *rd = t->getAsCXXRecordDecl();
  if (!rd) {
    Value v;
    v.kind = Value::Unknown;
    v.reason = "initializer list of a non-class type";
    return v;
  }
  Value v;
  v.kind = Value::Obj;
  v.obj = newObject(rd, "");
  unsigned i = 0;
  for (const FieldDecl *fd : rd->fields()) {
    if (i >= il->getNumInits())
      break;
    const Expr *init = il->getInit(i++);
    Value fv = evalInit(init, fd->getType(), "");
    if (isParamStruct(rd))
      noteParamStore(init, fv.kind == Value::Scalar ? fv.sym : nullptr, fd->getType(), rd->getNameAsString(),
                     fd->getNameAsString(), init->getBeginLoc());
    LRef r;
    r.kind = LRef::Field;
    r.obj = v.obj;
    r.field = fd;
    write(r, fv);
  }
  return wrapApiObject(v, rd);
}

Value Interp::evalConstruct(const CXXConstructExpr *ce) {
  // `TBuf<...> bufs[2];`, `LocalTensor<T> ts[2];`: an array whose elements are
  // default-constructed; each is made when first read (by constant index).
  if (ce->getType()->isConstantArrayType())
    return newArray(ce->getType(), "", nullptr);
  const CXXConstructorDecl *ctor = ce->getConstructor();
  const CXXRecordDecl *rd = ctor->getParent();
  ApiClass k = classifyApiClass(rd);
  std::vector<Value> args;
  for (const Expr *a : ce->arguments())
    args.push_back(eval(a));
  if (isParamStruct(rd) && !ctor->isCopyOrMoveConstructor())
    for (unsigned i = 0; i < ce->getNumArgs() && i < ctor->getNumParams(); ++i) {
      // Name the argument after the field the constructor initialises with it.
      const ParmVarDecl *p = ctor->getParamDecl(i);
      std::string field = p->getNameAsString();
      for (const CXXCtorInitializer *ci : ctor->inits())
        if (const auto *dr = dyn_cast_or_null<DeclRefExpr>(ci->getInit() ? ci->getInit()->IgnoreImplicit() : nullptr))
          if (dr->getDecl() == p && ci->getAnyMember())
            field = ci->getAnyMember()->getNameAsString();
      noteParamStore(ce->getArg(i), args[i].kind == Value::Scalar ? args[i].sym : nullptr, p->getType(),
                     rd->getNameAsString(), field, ce->getArg(i)->getBeginLoc());
    }
  if (k == ApiClass::LocalTensor)
    return apiConstructLocalTensor(ce, args);
  if (k == ApiClass::GlobalTensor) {
    if (!args.empty() && (args[0].kind == Value::Tensor || args[0].kind == Value::Choice))
      return args[0]; // copy
    Value v;
    v.kind = Value::Obj;
    return wrapApiObject(v, rd);
  }
  if ((ctor->isCopyConstructor() || ctor->isMoveConstructor()) && !args.empty()) {
    if (args[0].kind == Value::Obj) {
      Value v = args[0];
      v.obj = cloneObject(v.obj);
      return v;
    }
    return args[0];
  }
  Value v;
  v.kind = Value::Obj;
  v.obj = newObject(rd, "");
  if (v.obj->api != ApiClass::None)
    return v;
  initFields(v.obj, rd, ctor);
  const FunctionDecl *def = nullptr;
  if (ctor->hasBody(def) && def) {
    runConstructor(v.obj, ctor, args, ce);
  } else if (isApiDecl(ctor) && !args.empty()) {
    // API parameter structs declared without bodies: arguments in field order.
    unsigned i = 0;
    for (const FieldDecl *fd : rd->fields()) {
      if (i >= args.size())
        break;
      Value fv = args[i++];
      if (fd->getType()->isIntegralOrEnumerationType())
        fv = scalar(asSym(fv, fd->getType(), ce->getBeginLoc()));
      LRef r;
      r.kind = LRef::Field;
      r.obj = v.obj;
      r.field = fd;
      write(r, fv);
    }
  }
  return v;
}

// ------------------------------------------------------------------ calls

// A lambda is an object of its closure class that remembers its captures;
// calling it inlines its operator() with them in scope (inlineCall).
Value Interp::evalLambda(const LambdaExpr *le) {
  Value v;
  v.kind = Value::Obj;
  v.obj = std::make_shared<ObjState>();
  v.obj->rec = le->getLambdaClass();
  v.obj->lambda = le;
  Frame &f = *frames.back();
  for (const LambdaCapture &c : le->captures()) {
    if (c.capturesThis()) {
      v.obj->capThis = f.thisObj;
      continue;
    }
    if (!c.capturesVariable())
      continue;
    const ValueDecl *d = c.getCapturedVar();
    const auto *vd = dyn_cast<VarDecl>(d);
    if (vd && vd->isInitCapture()) {
      v.obj->capVals[d] = vd->getInit() ? evalInit(vd->getInit(), vd->getType(), vd->getNameAsString()) : Value();
      continue;
    }
    LRef r;
    if (auto a = f.aliases.find(d); a != f.aliases.end())
      r = a->second;
    else if (f.locals.count(d))
      r = localRef(&f, d);
    if (c.getCaptureKind() == LCK_ByRef && r.kind != LRef::None) {
      v.obj->capRefs[d] = r;
    } else {
      Value cv = r.kind != LRef::None ? read(r, d->getType()) : Value();
      if (cv.kind == Value::Obj && cv.obj)
        cv.obj = cloneObject(cv.obj);
      v.obj->capVals[d] = cv;
    }
  }
  return v;
}

Value Interp::evalCall(const CallExpr *call) {
  const FunctionDecl *fd = call->getDirectCallee();
  if (!fd) {
    // the callee is not known: counted, and its tensor arguments unknown
    note("indirect call '" + exprText(call->getCallee()) + "' is not modelled", call->getBeginLoc());
    std::vector<const Expr *> args(call->arg_begin(), call->arg_end());
    for (const Expr *a : args) {
      Value v = eval(a);
      if (v.kind == Value::Tensor) {
        Op &op = addOp(OpKind::Unmodelled, exprText(call->getCallee()), call);
        op.unknownReason = "indirect call '" + exprText(call->getCallee()) + "' is not modelled";
        op.regions.push_back(regionOf(v.t, nullptr, true, "arg"));
      }
    }
    return unknownValue("indirect call is not modelled", call->getType());
  }
  // Assignment operators on class types (tensors, structs).
  if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(call)) {
    if (oc->getOperator() == OO_Equal && oc->getNumArgs() == 2) {
      // `dst = a + b` on tensors is an instruction of the API, not a copy.
      if (const auto *md = dyn_cast<CXXMethodDecl>(fd);
          md && isApiDecl(fd) && !md->isCopyAssignmentOperator() && !md->isMoveAssignmentOperator())
        return evalApiCall(call, fd);
      Value v = eval(oc->getArg(1));
      if (v.kind == Value::Obj)
        v.obj = cloneObject(v.obj);
      LRef r = evalLValue(oc->getArg(0));
      if (r.kind != LRef::None)
        write(r, v);
      else
        note("assignment to '" + exprText(oc->getArg(0)) + "' is not followed", call->getBeginLoc());
      return v;
    }
  }
  if (isApiDecl(fd)) {
    // A constexpr free function the bundled headers define (AscendC::DivCeil,
    // min/max, Ops::Base::CeilAlign) is integer arithmetic written as data:
    // run its body. Everything else of the API goes through the table.
    const FunctionDecl *def = nullptr;
    if (fd->isConstexpr() && !isa<CXXMethodDecl>(fd) && fd->getReturnType()->isIntegralOrEnumerationType() &&
        fd->hasBody(def) && def)
      return inlineCall(call, fd);
    return evalApiCall(call, fd);
  }
  return inlineCall(call, fd);
}

// Clang drops the body of an instantiation that does not compile for its
// template arguments (a member T lacks, no matching overload for T): the call
// becomes one Unmodelled operation naming Clang's message and where it is;
// its tensor arguments get unknown regions, what it may write (reference
// arguments, the scalar fields of its object) becomes unknown.
Value Interp::failedInstantiation(const CallExpr *call, const FunctionDecl *fd, const FunctionDecl *pattern,
                                  const std::vector<const Expr *> &args, const std::shared_ptr<ObjState> &thisObj) {
  std::string n = fd->getQualifiedNameAsString();
  std::optional<size_t> err = errorIn(pattern->getSourceRange());
  std::string msg = err && *err < errorMsgs.size() ? errorMsgs[*err] : std::string();
  SourceLoc where = err ? loc(SourceLocation::getFromRawEncoding(errorLocs[*err])) : loc(call->getBeginLoc());
  // No error inside the template: Clang did not instantiate it (it stops
  // instantiating after a fatal error elsewhere, such as a missing header).
  std::string why = err ? "'" + n + "' does not compile for its template arguments (" + where.file + ":" +
                              std::to_string(where.line) + ": " + msg + ")"
                        : "call to '" + n + "', a template Clang did not instantiate (after an earlier error)";
  std::vector<Value> vals;
  for (const Expr *a : args)
    vals.push_back(eval(a));
  if (!dryRun) {
    Op &op = addOp(OpKind::Unmodelled, n, call);
    op.loc = loc(call->getBeginLoc());
    op.unknownReason = why;
    for (size_t i = 0; i < vals.size(); ++i)
      if (vals[i].kind == Value::Tensor)
        op.regions.push_back(regionOf(vals[i].t, nullptr, true, "arg" + std::to_string(i)));
    bool known = !err;
    for (const UnknownNote &u : model.compileErrors)
      known |= u.loc.line == where.line && u.loc.file == where.file && u.loc.column == where.column;
    if (!known)
      model.compileErrors.push_back({msg, where});
  }
  havocArgs(args, fd, n);
  if (!isa<CXXMethodDecl>(fd) || !cast<CXXMethodDecl>(fd)->isConst())
    havocObject(thisObj, why);
  if (call->getType()->isVoidType())
    return Value();
  return unknownValue("result of " + why, call->getType());
}

Value Interp::inlineCall(const CallExpr *call, const FunctionDecl *fd) {
  std::shared_ptr<ObjState> thisObj;
  std::vector<const Expr *> argExprs;
  const Expr *objExpr = nullptr;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call)) {
    objExpr = mc->getImplicitObjectArgument();
    for (const Expr *a : mc->arguments())
      argExprs.push_back(a);
  } else if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(call); oc && isa<CXXMethodDecl>(fd)) {
    objExpr = oc->getArg(0);
    for (unsigned i = 1; i < oc->getNumArgs(); ++i)
      argExprs.push_back(oc->getArg(i));
  } else {
    for (const Expr *a : call->arguments())
      argExprs.push_back(a);
  }
  if (objExpr && !cast<CXXMethodDecl>(fd)->isStatic()) {
    Value ov = eval(objExpr);
    if (ov.kind == Value::Obj || ov.kind == Value::ObjPtr)
      thisObj = ov.obj;
  }
  return inlineInto(call, fd, thisObj, argExprs, nullptr);
}

Value Interp::callWithValues(const CallExpr *site, const FunctionDecl *fd, const std::vector<Value> &vals,
                             const std::vector<const Expr *> &argExprs) {
  return inlineInto(site, fd, nullptr, argExprs, &vals);
}

// `vals`, when given, are the arguments already evaluated (bound by value).
Value Interp::inlineInto(const CallExpr *call, const FunctionDecl *fd, std::shared_ptr<ObjState> thisObj,
                         const std::vector<const Expr *> &argExprs, const std::vector<Value> *vals) {
  const FunctionDecl *def = nullptr;
  if ((!fd->hasBody(def) || !def) && fd->isTemplateInstantiation())
    if (const FunctionDecl *pat = fd->getTemplateInstantiationPattern(); pat && pat->hasBody())
      return failedInstantiation(call, fd, pat, argExprs, thisObj);
  if (!fd->hasBody(def) || !def) {
    if (!vals)
      for (const Expr *a : argExprs)
        eval(a);
    std::string n = fd->getQualifiedNameAsString();
    note("call to '" + n + "' whose definition is not available", call->getBeginLoc());
    // One whose name says it synchronises (a barrier from a header the
    // linter lacks) is kept in the sequence as an unmodelled call: races
    // across it are then `unknown`, not errors (rules/SyncRaceCheck.cpp).
    if (namesSynchronisation(n)) {
      Op &op = addOp(OpKind::Unmodelled, fd->getNameAsString(), call);
      op.unknownReason = "call to '" + n + "' whose definition is not available";
    }
    havocArgs(argExprs, fd, n);
    if (!isa<CXXMethodDecl>(fd) || !cast<CXXMethodDecl>(fd)->isConst())
      havocObject(thisObj, "'" + n + "' (definition not available)");
    return unknownValue("result of '" + n + "' (definition not available)", call->getType());
  }
  // A call not run: what it may write through its arguments and in its
  // object is unknown.
  auto notRun = [&](const std::string &why) {
    havocArgs(argExprs, fd, fd->getNameAsString());
    if (!isa<CXXMethodDecl>(fd) || !cast<CXXMethodDecl>(fd)->isConst())
      havocObject(thisObj, why);
  };
  for (auto &fr : frames)
    if (fr->fn == def) {
      note("recursive call to '" + fd->getNameAsString() + "' is not modelled", call->getBeginLoc());
      notRun("a recursive call to '" + fd->getNameAsString() + "'");
      return unknownValue("result of recursive call", call->getType());
    }
  if (frames.size() >= opts.maxInlineDepth) {
    note("call depth limit reached at '" + fd->getNameAsString() + "'", call->getBeginLoc());
    notRun("'" + fd->getNameAsString() + "' beyond the call depth limit");
    return unknownValue("result beyond the call depth limit", call->getType());
  }
  checkCompileErrors(def);
  auto f = std::make_unique<Frame>();
  f->fn = def;
  f->thisObj = thisObj;
  if (thisObj && thisObj->lambda) { // a lambda's body sees its captures
    f->thisObj = thisObj->capThis;
    for (auto &[d, r] : thisObj->capRefs)
      f->aliases[d] = r;
    for (auto &[d, v] : thisObj->capVals)
      f->locals[d] = v;
  }
  f->alive = mkBool(true);
  f->condDepth = condStack.size();
  f->loopCondBase = condStack.size();
  for (unsigned i = 0; i < def->getNumParams(); ++i) {
    const ParmVarDecl *p = def->getParamDecl(i);
    QualType pt = p->getType();
    const Expr *a = i < argExprs.size() ? argExprs[i] : p->getDefaultArg();
    if (vals && i < vals->size()) {
      Value v = (*vals)[i];
      QualType ct = pt.getNonReferenceType().getCanonicalType();
      if (ct->isIntegralOrEnumerationType())
        v = scalar(asSym(v, ct, call->getBeginLoc()));
      else if (ct->isPointerType() && v.kind == Value::GmPtr)
        v = retypePointer(v, ct, a);
      else if (v.kind == Value::Obj && v.obj && !(ct->isPointerType() && v.obj->isArray))
        v.obj = cloneObject(v.obj);
      f->locals[p] = v;
      continue;
    }
    if (!a)
      continue;
    if (pt->isReferenceType() && !pt.getNonReferenceType().isConstQualified()) {
      LRef r = evalLValue(a);
      if (r.kind != LRef::None) {
        f->aliases[p] = r;
        continue;
      }
    }
    Value v = eval(a);
    QualType ct = pt.getNonReferenceType().getCanonicalType();
    if (ct->isIntegralOrEnumerationType())
      v = scalar(asSym(v, ct, a->getBeginLoc()));
    else if (v.kind == Value::Obj && !pt->isReferenceType() && !(ct->isPointerType() && v.obj && v.obj->isArray))
      v.obj = cloneObject(v.obj); // a pointer to the caller's array is that array, not a copy
    f->locals[p] = v;
  }
  frames.push_back(std::move(f));
  exec(def->getBody());
  std::unique_ptr<Frame> done = std::move(frames.back());
  frames.pop_back();
  if (done->returns.empty())
    return Value();
  // Combine returns: the first whose condition holds.
  Value r = done->returns.back().second;
  for (auto it = done->returns.rbegin() + 1; it != done->returns.rend(); ++it)
    r = mergeValues(it->first, it->second, r, "return value");
  if (done->returns.size() == 1)
    r = done->returns[0].second;
  QualType rt = call->getType();
  if (rt->isIntegralOrEnumerationType())
    r = scalar(asSym(r, rt, call->getBeginLoc()));
  return r;
}

// A call we cannot see into may change what it gets by non-const reference
// or pointer.
// What a call the interpreter does not run may write in its object: every
// scalar, pointer and array element of it, and of the structs it holds, is
// unknown (a dropped `SetDMAParams()` left an NDDMA struct member at its
// zero initialiser, and a correct kernel got "loopSize is 0" errors: ops-math
// broadcast_to). Queues, buffers and tensors keep their identity.
void Interp::havocObject(const std::shared_ptr<ObjState> &o, const std::string &why, int depth) {
  if (!o || o->api != ApiClass::None || depth > 6)
    return;
  auto unknownOf = [&](const std::string &what, QualType t) { return unknownValue("'" + what + "' set by " + why, t); };
  auto one = [&](LRef r, QualType t, const std::string &what) {
    if (t->isIntegralOrEnumerationType() || t->isRealFloatingType() || t->isPointerType()) {
      write(r, unknownOf(what, t));
      return;
    }
    if (t->isRecordType() || t->isConstantArrayType()) {
      Value cur = read(r, t);
      if (cur.kind == Value::Obj && cur.obj && cur.obj != o)
        havocObject(cur.obj, why, depth + 1);
    }
  };
  if (o->isArray) {
    for (int64_t k = 0; k < o->arraySize && k < 4096; ++k) {
      LRef r;
      r.kind = LRef::Elem;
      r.obj = o;
      r.index = k;
      one(r, o->elemType, o->name + "[" + std::to_string(k) + "]");
    }
    return;
  }
  if (!o->rec || !o->rec->hasDefinition())
    return;
  for (const FieldDecl *f : o->rec->getDefinition()->fields()) {
    LRef r;
    r.kind = LRef::Field;
    r.obj = o;
    r.field = f;
    one(r, f->getType(), f->getNameAsString());
  }
}

void Interp::havocArgs(const std::vector<const Expr *> &args, const FunctionDecl *fd, const std::string &who) {
  for (unsigned i = 0; i < args.size() && i < fd->getNumParams(); ++i) {
    QualType pt = fd->getParamDecl(i)->getType();
    bool mut = (pt->isReferenceType() && !pt.getNonReferenceType().isConstQualified()) ||
               (pt->isPointerType() && !pt->getPointeeType().isConstQualified());
    if (!mut)
      continue;
    const Expr *a = args[i]->IgnoreParenImpCasts();
    if (const auto *u = dyn_cast<UnaryOperator>(a); u && u->getOpcode() == UO_AddrOf)
      a = u->getSubExpr();
    LRef r = evalLValue(a);
    if (r.kind == LRef::None)
      continue;
    Value cur = read(r, a->getType());
    if (cur.kind == Value::Obj && cur.obj) {
      // Every field becomes an input named after the object.
      cur.obj->fields.clear();
      if (cur.obj->origin.empty())
        cur.obj->origin = exprText(a);
      continue;
    }
    write(r, unknownValue("'" + exprText(a) + "' set by '" + who + "'", a->getType()));
  }
}

Sym Interp::blockIdx() {
  if (!blockIdxSym) {
    blockNumSym = mkVar("blockNum", IntType::i64(), VarRole::Input);
    blockIdxSym = mkVar("blockIdx", IntType::i64(), VarRole::Internal);
    model.facts.push_back(mkCmp(SymOp::Ge, toMath(blockNumSym), mkConst(1)));
    model.facts.push_back(mkCmp(SymOp::Le, toMath(blockNumSym), mkConst(65535)));
    model.facts.push_back(mkCmp(SymOp::Ge, toMath(blockIdxSym), mkConst(0)));
    model.facts.push_back(mkCmp(SymOp::Lt, toMath(blockIdxSym), toMath(blockNumSym)));
  }
  return blockIdxSym;
}

Sym Interp::blockNum() {
  blockIdx();
  return blockNumSym;
}

Op &Interp::addOp(OpKind k, const std::string &api, const CallExpr *call) {
  Op op;
  op.id = int(model.ops.size());
  op.kind = k;
  op.api = api;
  op.cond = currentCond();
  op.loops = loopStack;
  op.core = core;
  op.loc = loc(call ? call->getBeginLoc() : SourceLocation());
  model.ops.push_back(std::move(op));
  return model.ops.back();
}

} // namespace fe

KernelModel interpretKernel(clang::ASTContext &ctx, const clang::FunctionDecl *entry, const std::string &apiDir,
                            const FrontendOptions &opts, const std::vector<unsigned> &errorLocs,
                            const std::vector<std::string> &errorMsgs, const std::vector<unsigned> &siteLocs,
                            const std::vector<std::string> &siteMsgs) {
  fe::Interp in(ctx, apiDir, opts);
  in.errorLocs = errorLocs;
  in.errorMsgs = errorMsgs;
  in.siteLocs = siteLocs;
  in.siteMsgs = siteMsgs;
  return in.run(entry);
}

} // namespace alint
