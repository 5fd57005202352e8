// The Ascend 950 register ("Reg" / "MicroAPI") vector API: the body of a
// vector function (__VEC_SCOPE__) runs on the V pipe; register-only
// instructions touch no memory, register loads and stores are UB accesses
// whose footprint follows from the address, the distribution mode and the
// mask, described as data in kRegAccess.
//
// Sources: asc-devkit docs/zh/api/SIMD-API/基础API/Reg矢量计算/ —
// Reg数据搬入/连续对齐搬入（LoadAlign）.md, Reg数据搬出/连续对齐搬出（StoreAlign）.md
// (VL = 256 bytes per register, the UB address 32-byte aligned, the store
// writes the elements its mask selects), MaskReg计算 (UpdateMask: the first
// min(count, VL / sizeof(T)) elements, count decremented by that many),
// 同步控制/LocalMemBar.md (ordering of UB accesses inside a vector function).
//
// UB addresses are `__ubuf__ T*` pointers built from LocalTensor::GetPhyAddr()
// (a pointer value into the tensor, api/TensorApi.cpp), moved by pointer
// arithmetic, passed into __simd_vf__ functions (followed from their
// asc_vf_call launch, api/SimtApi.cpp), advanced by post-update addressing
// (the pointer operand is written back: 连续对齐搬入（LoadAlign）.md,
// postUpdateStride) or offset by an AddrReg (寄存器数据类型/AddrReg.md:
// CreateAddrReg's index * stride elements, kept in the register's hidden
// field). An address that is none of these is followed through the
// expression at the call as before; anything else leaves the access
// `unknown` with the reason.
#include "checker/frontend/api/ApiTable.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/Basic/SourceManager.h>

#include <cstring>
#include <functional>

namespace alint {
namespace fe {

using namespace clang;

// Whether `l` runs inside the current vector function (also used by the
// scalar pointer accesses, api/CceCopyApi.cpp).
bool inVfBody(Interp &in, SourceLocation l) {
  if (in.vfCall) // a launched VF body: all of it, helpers included
    return in.vfId >= 0;
  if (in.vfId < 0 || in.vfRange.isInvalid())
    return false;
  SourceLocation x = in.sm.getExpansionLoc(l), b = in.sm.getExpansionLoc(in.vfRange.getBegin()),
                 e = in.sm.getExpansionLoc(in.vfRange.getEnd());
  return !in.sm.isBeforeInTranslationUnit(x, b) && !in.sm.isBeforeInTranslationUnit(e, x);
}

namespace {

// VECTOR_REG_WIDTH: one vector register (asc-devkit kernel_utils_constants.h;
// docs Reg矢量计算/概述.md: VL = 256 bytes).
constexpr int64_t kVL = 256;

enum class RAcc { Load, Store, LoadUnaligned, StoreUnaligned, Gather, Scatter };
struct RegAccessInfo {
  const char *name;
  RAcc acc;
};
// Register <-> UB instructions. DataCopy* are the MicroAPI names of the same
// instructions (DataCopy is a load when its first operand is a register).
const RegAccessInfo kRegAccess[] = {
    {"LoadAlign", RAcc::Load},
    {"Load", RAcc::Load},
    {"StoreAlign", RAcc::Store},
    {"Store", RAcc::Store},
    {"DataCopy", RAcc::Load},
    {"LoadUnAlignPre", RAcc::LoadUnaligned},
    {"LoadUnAlign", RAcc::LoadUnaligned},
    {"DataCopyUnAlignPre", RAcc::LoadUnaligned},
    {"DataCopyUnAlign", RAcc::LoadUnaligned},
    {"StoreUnAlign", RAcc::StoreUnaligned},
    {"StoreUnAlignPost", RAcc::StoreUnaligned},
    {"DataCopyUnAlignPost", RAcc::StoreUnaligned},
    {"Gather", RAcc::Gather},
    {"GatherB", RAcc::Gather},
    {"DataCopyGatherB", RAcc::Gather},
    {"DataCopyGather", RAcc::Gather},
    {"Scatter", RAcc::Scatter},
    {"DataCopyScatter", RAcc::Scatter},
};

// Bytes a LoadAlign reads and the UB alignment it needs, per distribution
// mode (LoadDist), from 连续对齐搬入（LoadAlign）.md 表3/表6: NORM a register
// (32 B aligned), BRC_Bn one element (aligned to it), US/UNPACK half a
// register, UNPACK4 a quarter, DS and DINTLV two registers, BLK one 32-byte
// block, E2B_B16/B32 VL/16 and VL/8 bytes. Others: not modelled.
struct DistFoot {
  int64_t bytes, align;
};
std::optional<DistFoot> loadDist(const std::string &dist) {
  if (dist == "DIST_NORM")
    return DistFoot{kVL, 32};
  if (dist == "DIST_BRC_B8")
    return DistFoot{1, 1};
  if (dist == "DIST_BRC_B16")
    return DistFoot{2, 2};
  if (dist == "DIST_BRC_B32")
    return DistFoot{4, 4};
  if (dist == "DIST_US_B8" || dist == "DIST_US_B16" || dist == "DIST_UNPACK_B8" || dist == "DIST_UNPACK_B16" ||
      dist == "DIST_UNPACK_B32")
    return DistFoot{kVL / 2, 32};
  if (dist == "DIST_UNPACK4_B8")
    return DistFoot{kVL / 4, 32};
  if (dist == "DIST_DS_B8" || dist == "DIST_DS_B16" || dist == "DIST_DINTLV_B8" || dist == "DIST_DINTLV_B16" ||
      dist == "DIST_DINTLV_B32")
    return DistFoot{2 * kVL, 32};
  if (dist == "DIST_BLK")
    return DistFoot{32, 32};
  if (dist == "DIST_E2B_B16")
    return DistFoot{kVL / 16, kVL / 16};
  if (dist == "DIST_E2B_B32")
    return DistFoot{kVL / 8, kVL / 8};
  return std::nullopt;
}

bool isRegType(QualType t, const char *name) {
  const auto *rd = t.getNonReferenceType()->getAsCXXRecordDecl();
  return rd && rd->getName() == name;
}

// Whether `vd` may change inside `scope`: assigned, incremented, its address
// taken, or bound to a non-const reference (post-update addressing passes the
// pointer by reference).
bool mayChange(const Stmt *scope, const VarDecl *vd) {
  if (!scope)
    return true;
  auto refersTo = [&](const Expr *e) {
    const auto *d = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    return d && d->getDecl() == vd;
  };
  if (const auto *b = dyn_cast<BinaryOperator>(scope))
    if (b->isAssignmentOp() && refersTo(b->getLHS()))
      return true;
  if (const auto *u = dyn_cast<UnaryOperator>(scope))
    if ((u->isIncrementDecrementOp() || u->getOpcode() == UO_AddrOf) && refersTo(u->getSubExpr()))
      return true;
  if (const auto *call = dyn_cast<CallExpr>(scope)) {
    const FunctionDecl *fd = call->getDirectCallee();
    for (unsigned i = 0; i < call->getNumArgs(); ++i) {
      if (!refersTo(call->getArg(i)))
        continue;
      if (!fd || i >= fd->getNumParams())
        return true;
      QualType pt = fd->getParamDecl(i)->getType();
      if (pt->isReferenceType() && !pt.getNonReferenceType().isConstQualified())
        return true;
    }
  }
  for (const Stmt *ch : scope->children())
    if (ch && mayChange(ch, vd))
      return true;
  return false;
}

// The statement the declaration of `vd` is visible in (its enclosing block).
const Stmt *scopeOf(ASTContext &ctx, const VarDecl *vd) {
  DynTypedNodeList ps = ctx.getParents(*vd);
  while (!ps.empty()) {
    if (const auto *cs = ps[0].get<CompoundStmt>())
      return cs;
    if (const auto *st = ps[0].get<Stmt>()) {
      ps = ctx.getParents(*st);
      continue;
    }
    if (const auto *fd = ps[0].get<FunctionDecl>())
      return fd->getBody();
    break;
  }
  return nullptr;
}

bool inputsStable(ASTContext &ctx, const Expr *e, const Stmt *scope);

// A UB address operand as a local tensor view (buffer, byte offset).
struct UbAddr {
  std::optional<TensorVal> t;
  std::string why; // when not followed
};

UbAddr resolve(Interp &in, const Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (const auto *ce = dyn_cast<ExplicitCastExpr>(e))
    return resolve(in, ce->getSubExpr());
  if (const auto *b = dyn_cast<BinaryOperator>(e)) {
    if ((b->getOpcode() == BO_Add || b->getOpcode() == BO_Sub) && b->getType()->isPointerType()) {
      bool lp = b->getLHS()->getType()->isPointerType();
      const Expr *pe = lp ? b->getLHS() : b->getRHS(), *ie = lp ? b->getRHS() : b->getLHS();
      UbAddr base = resolve(in, pe);
      if (!base.t)
        return base;
      uint32_t es = in.sizeOfType(pe->getType()->getPointeeType());
      if (!es)
        return {std::nullopt, "element size of '" + in.exprText(pe) + "' is unknown"};
      Sym d = mul(toMath(in.asSym(in.eval(ie), ie->getType(), ie->getBeginLoc())), mkConst(es));
      base.t->offsetBytes = b->getOpcode() == BO_Add
                                ? add(toMath(base.t->offsetBytes), d)
                                : mkBin(SymOp::Sub, toMath(base.t->offsetBytes), d, IntType::math());
      return base;
    }
  }
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
    const CXXMethodDecl *md = mc->getMethodDecl();
    if (md && md->getName() == "GetPhyAddr" && classifyApiClass(md->getParent()) == ApiClass::LocalTensor) {
      Value obj = in.eval(mc->getImplicitObjectArgument());
      if (obj.kind != Value::Tensor || obj.t.global || obj.t.bufferId < 0)
        return {std::nullopt, "'" + in.exprText(mc->getImplicitObjectArgument()) + "' is not a known local tensor"};
      TensorVal t = obj.t;
      t.offsetBytes = t.offsetBytes ? toMath(t.offsetBytes) : mkConst(0);
      if (mc->getNumArgs() == 1) {
        Sym n = toMath(in.asSym(in.eval(mc->getArg(0)), mc->getArg(0)->getType(), mc->getBeginLoc()));
        t.offsetBytes = add(t.offsetBytes, mul(n, mkConst(t.elemBytes)));
      }
      return {t, ""};
    }
  }
  if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
    const auto *vd = dyn_cast<VarDecl>(dre->getDecl());
    if (vd && vd->hasLocalStorage() && !isa<ParmVarDecl>(vd) && vd->getInit()) {
      const Stmt *scope = scopeOf(in.ctx, vd);
      if (scope && !mayChange(scope, vd) && inputsStable(in.ctx, vd->getInit(), scope))
        return resolve(in, vd->getInit());
      return {std::nullopt, "'" + vd->getNameAsString() + "' changes after its declaration (post-update addressing)"};
    }
    return {std::nullopt, "the UB address '" + in.exprText(e) + "' is a pointer parameter"};
  }
  return {std::nullopt, "the UB address '" + in.exprText(e) + "' is not followed"};
}

// The variables an initialiser reads keep their values in `scope`, so
// evaluating it at the use gives the value it had at the declaration.
bool inputsStable(ASTContext &ctx, const Expr *e, const Stmt *scope) {
  bool ok = true;
  std::function<void(const Stmt *)> walk = [&](const Stmt *s) {
    if (!s || !ok)
      return;
    if (const auto *d = dyn_cast<DeclRefExpr>(s))
      if (const auto *vd = dyn_cast<VarDecl>(d->getDecl()); vd && vd->hasLocalStorage() && mayChange(scope, vd))
        ok = false;
    if (isa<MemberExpr>(s) && !isa<CXXMemberCallExpr>(s)) {
      // this->member: other code may change it; only members read through a
      // call on a local object are accepted (GetPhyAddr on a tensor variable).
      const auto *me = cast<MemberExpr>(s);
      if (isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts()) && !me->getType()->isFunctionType() &&
          !isa<CXXMethodDecl>(me->getMemberDecl()))
        ok = false;
    }
    for (const Stmt *ch : s->children())
      walk(ch);
  };
  walk(e);
  (void)ctx;
  return ok;
}

// What the linter knows of a register value, kept in a hidden field of the
// bundled type (see reg.h): the lanes a MaskReg selects (ascendcLintActive),
// the byte offset an AddrReg holds (ascendcLintOffset).
const FieldDecl *hiddenField(const CXXRecordDecl *rd, const char *name = "ascendcLintActive") {
  if (!rd)
    return nullptr;
  for (const FieldDecl *f : rd->fields())
    if (f->getName() == name)
      return f;
  return nullptr;
}

Sym hiddenValue(const Value &v, const char *name = "ascendcLintActive") {
  if (v.kind != Value::Obj || !v.obj || !v.obj->rec)
    return nullptr;
  const FieldDecl *f = hiddenField(v.obj->rec, name);
  auto it = f ? v.obj->fields.find(f) : v.obj->fields.end();
  if (it == v.obj->fields.end() || it->second.kind != Value::Scalar)
    return nullptr;
  return it->second.sym;
}
Sym maskActive(const Value &v) { return hiddenValue(v); }

Value maskValue(Interp &in, const ApiCall &c, Sym active, const char *name = "ascendcLintActive") {
  const auto *rd = c.call->getType()->getAsCXXRecordDecl();
  const FieldDecl *f = hiddenField(rd, name);
  if (!f || !active)
    return in.unknownValue("result of " + c.name, c.call->getType());
  Value v;
  v.kind = Value::Obj;
  v.obj = std::make_shared<ObjState>();
  v.obj->rec = rd;
  v.obj->fields[f] = in.scalar(active);
  return v;
}

// ---- register value ranges ------------------------------------------------
// What every lane of a RegTensor holds, [lo, hi] (math integers), when the
// linter knows it: only what the index registers of Gather/Scatter are built
// with is followed (索引操作/Arange.md, 数据填充/Duplicate.md, 基础算术/Adds.md,
// Muls.md). Any other instruction forgets the range of every register it is
// given (they may be its outputs); a load forgets its destination's.
struct Range {
  Sym lo, hi;
};

std::optional<Range> rangeOf(const Value &v) {
  Sym lo = hiddenValue(v, "ascendcLintLo"), hi = hiddenValue(v, "ascendcLintHi");
  if (!lo || !hi)
    return std::nullopt;
  return Range{lo, hi};
}

void setRange(Interp &in, const Value &v, const std::optional<Range> &r) {
  if (v.kind != Value::Obj || !v.obj || !v.obj->rec)
    return;
  for (bool isLo : {true, false}) {
    const FieldDecl *f = hiddenField(v.obj->rec, isLo ? "ascendcLintLo" : "ascendcLintHi");
    if (!f)
      continue;
    LRef ref;
    ref.kind = LRef::Field;
    ref.obj = v.obj;
    ref.field = f;
    // Written (journaled), so a range changed in a loop body is havocked.
    in.write(ref, r ? in.scalar(isLo ? r->lo : r->hi) : in.unknownValue("register contents", f->getType()));
  }
}

// The element type of a RegTensor<T> (its first template argument).
QualType regElemType(QualType t) {
  if (const auto *rd = t.getNonReferenceType()->getAsCXXRecordDecl())
    if (const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(rd); spec && rd->getName() == "RegTensor")
      if (spec->getTemplateArgs().size() > 0 && spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
        return spec->getTemplateArgs()[0].getAsType();
  return QualType();
}

Sym minS(Sym a, Sym b) { return mkSelect(mkCmp(SymOp::Lt, a, b), a, b); }
Sym maxS(Sym a, Sym b) { return mkSelect(mkCmp(SymOp::Lt, a, b), b, a); }

// Element size of the instruction: its first template argument when it is a
// type, else the pointee of the address operand.
uint32_t elemSize(Interp &in, const ApiCall &c, const Expr *addr) {
  const TemplateArgumentList *tal = c.fd->getTemplateSpecializationArgs();
  if (tal && tal->size() > 0 && tal->get(0).getKind() == TemplateArgument::Type) {
    QualType t = tal->get(0).getAsType();
    if (!isRegType(t, "DefaultType"))
      if (uint32_t s = in.sizeOfType(t))
        return s;
  }
  if (addr && addr->getType()->isPointerType())
    return in.sizeOfType(addr->getType()->getPointeeType());
  return 0;
}

Value regAccess(Interp &in, ApiCall &c, RAcc acc) {
  // Direction and operand positions: loads take the register first.
  bool firstIsReg =
      !c.args.empty() && (isRegType(c.args[0]->getType(), "RegTensor") || isRegType(c.args[0]->getType(), "MaskReg") ||
                          isRegType(c.args[0]->getType(), "UnalignReg"));
  if (c.name == "DataCopy" || c.name == "Load" || c.name == "Store")
    acc = firstIsReg ? RAcc::Load : RAcc::Store;
  // The MicroAPI name of LoadUnAlign and StoreUnAlign: a load when the register comes first.
  if (c.name == "DataCopyUnAlign")
    acc = firstIsReg ? RAcc::LoadUnaligned : RAcc::StoreUnaligned;
  auto endsWith = [&](const char *suf) {
    size_t n = std::strlen(suf);
    return c.name.size() >= n && c.name.compare(c.name.size() - n, n, suf) == 0;
  };
  const bool unalignPre = endsWith("UnAlignPre"), unalignPost = endsWith("UnAlignPost");
  bool write = acc == RAcc::Store || acc == RAcc::StoreUnaligned || acc == RAcc::Scatter;
  // A load writes its register: what was known about its lanes is gone.
  if (!write)
    for (size_t i = 0; i < c.vals.size(); ++i)
      if (!regElemType(c.args[i]->getType()).isNull()) {
        setRange(in, c.vals[i], std::nullopt);
        break;
      }
  const Expr *addr = nullptr;
  for (const Expr *a : c.args)
    if (a->getType()->isPointerType()) {
      addr = a;
      break;
    }
  Op &op = in.addOp(OpKind::Vector, "Reg::" + c.name, c.call);
  op.pipe = Pipe::V;
  op.params["reg"] = mkConst(write ? 2 : 1);
  if (inVfBody(in, c.call->getBeginLoc()))
    op.vf = in.vfId;
  // The register operand, for LocalMemBar's same-register exemption: for the
  // unaligned forms the unaligned register, through which StoreUnAlignPost
  // writes the tail StoreUnAlign kept (连续非对齐搬出（StoreUnAlign）.md: the
  // pair needs no barrier).
  bool unaligned = acc == RAcc::LoadUnaligned || acc == RAcc::StoreUnaligned;
  for (const Expr *a : c.args)
    if (isRegType(a->getType(), unaligned ? "UnalignReg" : "RegTensor"))
      if (const auto *d = dyn_cast<DeclRefExpr>(a->IgnoreParenImpCasts())) {
        op.params["regVar"] = mkConst(int64_t(in.sm.getFileOffset(in.sm.getExpansionLoc(d->getDecl()->getLocation()))));
        break;
      }
  if (!addr) {
    op.kind = OpKind::Unmodelled;
    op.unknownReason = "Reg::" + c.name + ": no UB address operand";
    return Value();
  }
  size_t addrIdx = 0;
  while (addrIdx < c.args.size() && c.args[addrIdx] != addr)
    ++addrIdx;
  UbAddr ub;
  const Value *av = addrIdx < c.vals.size() ? &c.vals[addrIdx] : nullptr;
  if (av && av->kind == Value::GmPtr && av->p.view && !av->p.view->global) {
    // A pointer into a local tensor (GetPhyAddr, passed into the VF, moved by
    // pointer arithmetic or post-update).
    TensorVal t = *av->p.view;
    t.offsetBytes = add(t.offsetBytes ? toMath(t.offsetBytes) : mkConst(0), toMath(av->p.offsetBytes));
    ub.t = t;
  } else if (av && av->kind == Value::GmPtr && !av->p.local && !av->p.view) {
    ub.why = "the UB address '" + in.exprText(addr) + "' is a GM pointer";
  } else {
    ub = resolve(in, addr);
    // The pointer's value was lost (moved by post-update in an inner loop,
    // changed across iterations): say so, not how the expression looks.
    if (!ub.t && av && av->kind == Value::Unknown && !av->reason.empty())
      ub.why = "the UB address '" + in.exprText(addr) + "' is not known: " + av->reason;
  }
  if (!ub.t) {
    op.kind = OpKind::Unmodelled;
    op.unknownReason = "Reg::" + c.name + ": " + ub.why;
    return Value();
  }
  uint32_t es = elemSize(in, c, addr);
  std::string why;
  Sym len;
  int64_t align = 32;
  bool overApprox = false;
  bool postUpdate = enumTemplateArg(c.fd, "PostLiteral") == "POST_MODE_UPDATE";
  bool addrReg = false, blockMode = !enumTemplateArg(c.fd, "DataCopyMode").empty();
  for (const Expr *a : c.args)
    addrReg |= isRegType(a->getType(), "AddrReg");
  // The unaligned forms with a stride after the address are post-update ones,
  // POST_MODE_UPDATE by default and only (连续非对齐搬入（LoadUnAlign）.md,
  // 连续非对齐搬出（StoreUnAlign）.md 函数原型).
  if ((acc == RAcc::LoadUnaligned || acc == RAcc::StoreUnaligned) && !addrReg &&
      enumTemplateArg(c.fd, "PostLiteral").empty())
    for (size_t i = addrIdx + 1; i < c.args.size(); ++i)
      postUpdate |= c.args[i]->getType()->isIntegerType();
  // Mask registers as the data (Compare results to UB and back): no RegTensor operand.
  bool hasRegTensor = false, hasMask = false;
  for (const Expr *a : c.args) {
    hasRegTensor |= isRegType(a->getType(), "RegTensor");
    hasMask |= isRegType(a->getType(), "MaskReg");
  }
  bool maskData = (acc == RAcc::Load || acc == RAcc::Store) && hasMask && !hasRegTensor;
  bool twoRegs = false;
  for (const Expr *a : c.args)
    if (const auto *rd = a->getType().getNonReferenceType()->getAsCXXRecordDecl())
      if (const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(rd); spec && rd->getName() == "RegTensor") {
        for (const Decl *d : spec->decls())
          if (const auto *v = dyn_cast<VarDecl>(d); v && v->getName() == "REG_NUM")
            if (const Expr *ini = v->getInit())
              if (auto r = ini->getIntegerConstantExpr(in.ctx); r && *r != 1)
                twoRegs = true;
      }
  // AddrReg operand: the access is at address + the offset CreateAddrReg set
  // (寄存器数据类型/AddrReg.md: offset = sum of index * stride elements).
  if (addrReg)
    for (size_t i = 0; i < c.vals.size(); ++i)
      if (isRegType(c.args[i]->getType(), "AddrReg")) {
        Sym off = hiddenValue(c.vals[i], "ascendcLintOffset");
        if (!off)
          why = "the AddrReg of Reg::" + c.name + " is not known (only CreateAddrReg results are followed)";
        else
          ub.t->offsetBytes = add(toMath(ub.t->offsetBytes), toMath(off));
      }
  // Post-update (连续对齐搬入（LoadAlign）.md, postUpdateStride): the access
  // is at the address, then the address operand advances by the stride
  // (elements of T), which the pointer variable keeps.
  Sym strideElems; // the post-update stride, elements of T
  // The data-block forms (非连续对齐搬入（LoadAlign）.md, 非连续对齐搬出
  // （StoreAlign）.md: (reg, addr, dataBlockStride[, repeatStride], mask)):
  // the address moves by repeatStride data blocks of 32 bytes, the second
  // integer operand; POST_MODE_NORMAL accesses addr + repeatStride * 32 B.
  std::vector<size_t> intArgs;
  for (size_t i = addrIdx + 1; i < c.args.size(); ++i)
    if (c.args[i]->getType()->isIntegerType())
      intArgs.push_back(i);
  if (blockMode && !postUpdate && intArgs.size() >= 2) {
    const size_t i = intArgs[1];
    ub.t->offsetBytes = add(toMath(ub.t->offsetBytes),
                            mulC(toMath(in.asSym(c.vals[i], c.args[i]->getType(), c.call->getBeginLoc())), 32));
  }
  if (postUpdate) {
    const Expr *strideE = nullptr;
    Value strideV;
    const size_t which = blockMode ? 1 : 0;
    if (intArgs.size() > which) {
      strideE = c.args[intArgs[which]];
      strideV = c.vals[intArgs[which]];
    }
    LRef ar = in.evalLValue(addr);
    if (strideE && es && ar.kind != LRef::None && av && av->kind == Value::GmPtr) {
      Value nv = *av;
      Sym d = mkBin(SymOp::Mul, mkCast(in.asSym(strideV, strideE->getType(), c.call->getBeginLoc()), IntType::u64()),
                    mkConst(blockMode ? 32 : es, IntType::u64()), IntType::u64());
      nv.p.offsetBytes = mkBin(SymOp::Add, av->p.offsetBytes, d, IntType::u64());
      in.write(ar, nv);
      strideElems = toMath(in.asSym(strideV, strideE->getType(), c.call->getBeginLoc()));
      op.params["postUpdateBytes"] = toMath(d);
    } else {
      // The variable the address came from must not keep its old value: a
      // later access through it would be checked at a stale address.
      if (ar.kind == LRef::None)
        ar = in.evalLValue(addr->IgnoreParenCasts());
      if (ar.kind != LRef::None)
        in.write(ar, in.unknownValue("address after post-update Reg::" + c.name, addr->getType()));
      else
        why = "the post-update of Reg::" + c.name + " is not followed, nor the variable it updates";
      if (why.empty())
        why = "the post-update of Reg::" + c.name + " is not followed";
    }
  }
  if (blockMode)
    why = "data-block stride addressing of Reg::" + c.name + " is not modelled";
  else if (maskData) {
    // A mask register to or from UB (MaskReg搬出（StoreAlign）.md 表3, MaskReg搬入):
    // DIST_NORM moves VL/8 bytes (one bit per byte lane), DIST_PACK VL/16 on a store.
    std::string dist = enumTemplateArg(c.fd, "MaskDist");
    if (dist.empty() || dist == "DIST_NORM") {
      len = mkConst(kVL / 8);
      align = kVL / 8;
    } else if (write && (dist == "DIST_PACK" || dist == "DIST_US")) { // one value: PACK on a store
      len = mkConst(kVL / 16);
      align = kVL / 16;
    } else {
      why = "mask-register Reg::" + c.name + " with " + dist + " is not modelled";
    }
  } else if (twoRegs)
    why = "Reg::" + c.name + " on a two-register RegTensor is not modelled";
  else if (acc == RAcc::Load) {
    std::string dist = enumTemplateArg(c.fd, "LoadDist");
    if (auto f = loadDist(dist.empty() ? "DIST_NORM" : dist)) {
      len = mkConst(f->bytes);
      align = f->align;
    } else {
      why = "Reg::" + c.name + " with " + dist + " is not modelled";
    }
  } else if (acc == RAcc::Store) {
    // 连续对齐搬出（StoreAlign）.md 表3: NORM writes the lanes the mask selects
    // (32 B aligned); FIRST_ELEMENT_Bn one element, mask ignored.
    std::string dist = enumTemplateArg(c.fd, "StoreDist");
    bool norm = dist.empty() || dist == "DIST_NORM" || dist.rfind("DIST_NORM_B", 0) == 0;
    // PACK: the low half (PACK4: quarter) of each active lane, stored
    // contiguously, 32-byte aligned (表3: DIST_PACK_B16/B32/B64, DIST_PACK4_B32).
    int64_t packed = dist == "DIST_PACK_B16"    ? 1
                     : dist == "DIST_PACK_B32"  ? 2
                     : dist == "DIST_PACK_B64"  ? 4
                     : dist == "DIST_PACK4_B32" ? 1
                                                : 0;
    int64_t first = dist == "DIST_FIRST_ELEMENT_B8"    ? 1
                    : dist == "DIST_FIRST_ELEMENT_B16" ? 2
                    : dist == "DIST_FIRST_ELEMENT_B32" ? 4
                                                       : 0;
    Sym active;
    for (size_t i = 0; i < c.vals.size(); ++i)
      if (isRegType(c.args[i]->getType(), "MaskReg"))
        active = maskActive(c.vals[i]);
    if (first) {
      len = mkConst(first);
      align = first;
    } else if (packed && !active) {
      why = "the mask of Reg::" + c.name + " is not known (only UpdateMask and CreateMask results are followed)";
    } else if (packed) {
      len = mul(toMath(active), mkConst(packed));
    } else if (!norm)
      why = "Reg::" + c.name + " with " + dist + " is not modelled";
    else if (c.name == "Store" && c.args.size() == 3)
      len = mul(toMath(in.asSym(c.vals[2], c.args[2]->getType(), c.call->getBeginLoc())), mkConst(es));
    else if (!active)
      why = "the mask of Reg::" + c.name + " is not known (only UpdateMask and CreateMask results are followed)";
    else if (!es)
      why = "element type of Reg::" + c.name + " is unknown";
    else
      len = mul(toMath(active), mkConst(es));
  } else if (acc == RAcc::LoadUnaligned || acc == RAcc::StoreUnaligned) {
    // 连续非对齐搬入（LoadUnAlign）.md / 连续非对齐搬出（StoreUnAlign）.md
    // (关键特性说明): the Pre load caches the 32-byte block the address lies
    // in; the load fills a register (VL bytes) from the address; the store
    // writes postUpdateStride elements from the address (the count vstus gets,
    // asc-devkit impl/basic_api/reg_compute/dav_3510/
    // kernel_reg_compute_datacopy_store_impl.h) and keeps their unaligned
    // tail in the register, which the Post store writes: the bytes from the
    // 32-byte block start up to the address. Blocks count from the buffer
    // slot, which is 32-byte aligned in UB.
    Sym off = toMath(ub.t->offsetBytes);
    Sym block = mul(mkBin(SymOp::Div, off, mkConst(32), IntType::math()), mkConst(32));
    if (unalignPre || unalignPost) {
      ub.t->offsetBytes = block;
      len = unalignPre ? mkConst(32) : mkBin(SymOp::Sub, off, block, IntType::math());
    } else if (acc == RAcc::LoadUnaligned) {
      len = mkConst(kVL);
    } else if (strideElems && es) {
      len = mul(strideElems, mkConst(es));
    } else {
      why = "the element count of Reg::" + c.name + " (AddrReg or AR form) is not modelled";
    }
  } else {
    // Gather / Scatter (离散搬入（Gather）.md, 离散搬出（Scatter）.md: index in
    // elements of the UB type) and GatherB (离散搬入（GatherB）.md: byte offsets
    // of 32-byte blocks): the lanes' indices lie in the index register's range.
    bool blocks = c.name == "GatherB" || c.name == "DataCopyGatherB";
    uint32_t ues = addr->getType()->getPointeeType().isNull() ? 0 : in.sizeOfType(addr->getType()->getPointeeType());
    std::optional<Range> idx = c.vals.size() > 2 ? rangeOf(c.vals[2]) : std::nullopt;
    QualType it = c.args.size() > 2 ? regElemType(c.args[2]->getType()) : QualType();
    uint32_t ib = it.isNull() ? 0 : in.sizeOfType(it);
    if (idx && ib && ib < 8 && (blocks || ues)) {
      // The lanes hold the range modulo 2^bits: outside [0, max] any index.
      Sym maxIdx = mkConst((int64_t(1) << (8 * ib)) - 1);
      Sym inRange = mkAnd(mkCmp(SymOp::Ge, idx->lo, mkConst(0)), mkCmp(SymOp::Le, idx->hi, maxIdx));
      Sym lo = mkSelect(inRange, idx->lo, mkConst(0)), hi = mkSelect(inRange, idx->hi, maxIdx);
      Sym unit = mkConst(blocks ? 1 : ues);
      ub.t->offsetBytes = add(toMath(ub.t->offsetBytes), mul(lo, unit));
      len = blocks ? add(sub(hi, lo), mkConst(32)) : mul(add(sub(hi, lo), mkConst(1)), unit);
    } else {
      why = "the indices of Reg::" + c.name +
            " are not known (only Arange/Duplicate/Adds/Muls results are followed): its footprint is taken as the "
            "whole buffer";
      overApprox = true;
    }
  }
  Region r = in.regionOf(*ub.t, len, write, write ? "dst" : "src");
  r.elemBytes = es ? es : r.elemBytes;
  if (overApprox && r.bufferId >= 0 && r.bufferId < int(in.model.buffers.size())) {
    // For races: anywhere in the buffer (slot); bounds stay unknown.
    const Buffer &b = in.model.buffers[r.bufferId];
    if (b.lenBytes && b.kind != Buffer::Kind::Memory && b.kind != Buffer::Kind::BufPool) {
      r.offsetBytes = mkConst(0);
      r.lengthBytes =
          mul(mkBin(SymOp::Div, add(toMath(b.lenBytes), mkConst(31)), mkConst(32), IntType::math()), mkConst(32));
      // The extent covers more than the access does: good for races only;
      // bounds are `unknown` (unknownReason), and a race or hazard resting on
      // it is at most `unknown`, never a violation (rules/*: "overApprox").
      op.params["overApprox"] = mkConst(1);
    }
  }
  op.regions.push_back(r);
  if (!why.empty())
    op.unknownReason = why;
  // LoadAlign/StoreAlign need the UB alignment of their distribution mode
  // (连续对齐搬入/搬出 表3); unaligned and indexed forms have none.
  if (acc == RAcc::Load || acc == RAcc::Store)
    op.params["ubAlign"] = mkConst(align);
  // A load fills a whole register whatever the lanes used: reading past the
  // buffer is what a one-element broadcast source does (rules/BoundsLocalCheck).
  if (!write && !maskData && (acc == RAcc::Load || (acc == RAcc::LoadUnaligned && !unalignPre)))
    op.params["wholeRegisterLoad"] = mkConst(1);
  // The footprint is the bytes the instruction touches, no more (for
  // rules/UninitReadCheck.cpp): an aligned store of the lanes a prefix mask
  // selects, an aligned load of its distribution's bytes, an unaligned load's
  // register and its Pre's 32-byte block. A load's bytes include lanes the
  // kernel may mask off later ("regReadsMore"): only a proof that all are
  // written counts.
  if (why.empty() && len && !overApprox && !blockMode && !addrReg) {
    if (write && acc == RAcc::Store)
      op.params["regExact"] = mkConst(1);
    else if (!write && (acc == RAcc::Load || acc == RAcc::LoadUnaligned) && !unalignPost) {
      op.params["regExact"] = mkConst(1);
      op.params["regReadsMore"] = mkConst(1);
    }
  }
  return Value();
}

// The range Arange / Duplicate / Adds / Muls leave in their destination
// (integer lanes only), or none.
std::optional<Range> rangeOp(Interp &in, ApiCall &c) {
  if (c.args.size() < 2)
    return std::nullopt;
  QualType et = regElemType(c.args[0]->getType());
  uint32_t es = et.isNull() ? 0 : in.sizeOfType(et);
  if (!es || !et->isIntegerType())
    return std::nullopt;
  SourceLocation l = c.call->getBeginLoc();
  auto scalarArg = [&](size_t i) -> Sym {
    if (i >= c.args.size() || !c.args[i]->getType()->isIntegerType())
      return nullptr;
    return toMath(in.asSym(c.vals[i], c.args[i]->getType(), l));
  };
  // Lanes the mask leaves out are zeroed (MaskMergeMode ZEROING, the default;
  // MERGING keeps the old value: not followed).
  if (enumTemplateArg(c.fd, "MaskMergeMode") == "MERGING")
    return std::nullopt;
  bool full = true;
  for (size_t i = 0; i < c.vals.size(); ++i)
    if (isRegType(c.args[i]->getType(), "MaskReg")) {
      auto a = asConst(maskActive(c.vals[i]));
      full = a && *a >= kVL / int64_t(es);
    }
  std::optional<Range> r;
  if (c.name == "Arange") {
    // INCREASE_ORDER: scalarValue, scalarValue + 1, ... over the VL / sizeof(T) lanes.
    std::string order = enumTemplateArg(c.fd, "IndexOrder");
    Sym s = scalarArg(1);
    if (s && (order.empty() || order == "INCREASE_ORDER"))
      r = Range{s, add(s, mkConst(kVL / int64_t(es) - 1))};
  } else if (c.name == "Duplicate") {
    if (Sym s = scalarArg(1))
      r = Range{s, s};
  } else if (auto src = c.args.size() >= 3 ? rangeOf(c.vals[1]) : std::nullopt) {
    if (Sym s = scalarArg(2)) {
      if (c.name == "Adds")
        r = Range{add(src->lo, s), add(src->hi, s)};
      else
        r = Range{minS(mul(src->lo, s), mul(src->hi, s)), maxS(mul(src->lo, s), mul(src->hi, s))};
    }
  }
  if (r && !full)
    r = Range{minS(r->lo, mkConst(0)), maxS(r->hi, mkConst(0))};
  return r;
}

Value regCall(Interp &in, ApiCall &c) {
  SourceLocation l = c.call->getBeginLoc();
  for (const RegAccessInfo &a : kRegAccess)
    if (c.name == a.name)
      return regAccess(in, c, a.acc);
  if (c.name == "LocalMemBar") {
    // Orders the UB accesses of the vector function (同步控制/LocalMemBar.md).
    Op &op = in.addOp(OpKind::Barrier, "Reg::LocalMemBar", c.call);
    op.pipe = Pipe::V;
    op.params["vfMembar"] = mkConst(1);
    if (auto s = in.templateIntArg(c.fd, 0))
      op.params["src"] = mkConst(*s);
    if (auto d = in.templateIntArg(c.fd, 1))
      op.params["dst"] = mkConst(*d);
    if (inVfBody(in, l))
      op.vf = in.vfId;
    return Value();
  }
  if (c.name == "UpdateMask" || c.name == "CreateMask") {
    uint32_t es = elemSize(in, c, nullptr);
    Sym lanes = es ? mkConst(kVL / es) : nullptr;
    if (c.name == "UpdateMask") {
      // The first min(count, VL / sizeof(T)) lanes; count decreases by as many.
      if (!lanes || c.args.empty())
        return in.unknownValue("result of " + c.name, c.call->getType());
      LRef cr = in.evalLValue(c.args[0]);
      QualType ct = c.args[0]->getType();
      Sym cnt = toMath(in.asSym(c.vals[0], ct, l));
      Sym active = mkSelect(mkCmp(SymOp::Lt, cnt, lanes), cnt, lanes);
      if (cr.kind != LRef::None)
        in.write(cr, in.scalar(mkCast(mkBin(SymOp::Sub, cnt, active, IntType::math()), intTypeOf(in.ctx, ct))));
      return maskValue(in, c, active);
    }
    std::string pat = enumTemplateArg(c.fd, "MaskPattern");
    Sym active;
    if (lanes && (pat.empty() || pat == "ALL"))
      active = lanes;
    else if (lanes && pat.rfind("VL", 0) == 0)
      active = mkConst(std::stoll(pat.substr(2)));
    return maskValue(in, c, active);
  }
  if (c.name == "CreateAddrReg") {
    // offset = index0 * stride0 + ... elements of T (寄存器数据类型/AddrReg.md).
    uint32_t es = elemSize(in, c, nullptr);
    Sym off = es && c.args.size() % 2 == 0 && !c.args.empty() ? mkConst(0) : nullptr;
    for (size_t i = 0; off && i + 1 < c.args.size(); i += 2)
      off = add(off, mul(toMath(in.asSym(c.vals[i], c.args[i]->getType(), l)),
                         toMath(in.asSym(c.vals[i + 1], c.args[i + 1]->getType(), l))));
    return maskValue(in, c, off ? mul(off, mkConst(es)) : nullptr, "ascendcLintOffset");
  }
  if (c.name == "operator=" && c.obj.kind == Value::Obj && c.obj.obj && !c.vals.empty()) {
    // Copying a register keeps what is known about it (a mask's lanes).
    if (c.vals[0].kind == Value::Obj && c.vals[0].obj)
      c.obj.obj->fields = c.vals[0].obj->fields;
    else
      c.obj.obj->fields.clear();
    return c.obj;
  }
  if (c.name == "Arange" || c.name == "Duplicate" || c.name == "Adds" || c.name == "Muls") {
    std::optional<Range> r = rangeOp(in, c);
    for (size_t i = 1; i < c.vals.size(); ++i) // sources keep theirs; only the destination changes
      if (!c.args[i]->getType()->isIntegerType() && regElemType(c.args[i]->getType()).isNull() &&
          !isRegType(c.args[i]->getType(), "MaskReg"))
        r.reset(); // an operand of another kind: not the forms modelled
    if (!c.vals.empty())
      setRange(in, c.vals[0], r);
    return Value();
  }
  // Register-only instructions (arithmetic, compare/select, reduce, cast,
  // mask logic, rearrangement): no memory is touched. Their registers may be
  // outputs: what was known about their contents is forgotten.
  for (size_t i = 0; i < c.vals.size(); ++i)
    if (!regElemType(c.args[i]->getType()).isNull())
      setRange(in, c.vals[i], std::nullopt);
  if (c.call->getType()->isVoidType())
    return Value();
  return in.unknownValue("result of Reg::" + c.name, c.call->getType());
}

// A register intrinsic (vdup: a scalar into the lanes of a register) writes
// its first argument, a register or one of its hardware registers
// (`(RegTensor<uint32_t> &)idx.reg[0]`): what is known of that RegTensor's
// contents is forgotten. A destination not traced to a RegTensor is an
// unmodelled call (its ranges could be stale otherwise).
Value registerIntrinsic(Interp &in, ApiCall &c) {
  if (c.args.empty())
    return in.apiUnmodelled(c, "a register intrinsic without a destination");
  const Expr *e = c.args[0];
  for (;;) {
    e = e->IgnoreParenImpCasts();
    if (const auto *ce = dyn_cast<ExplicitCastExpr>(e))
      e = ce->getSubExpr();
    else if (const auto *as = dyn_cast<ArraySubscriptExpr>(e))
      e = as->getBase();
    else if (const auto *me = dyn_cast<MemberExpr>(e); me && me->getMemberDecl()->getName() == "reg")
      e = me->getBase();
    else
      break;
  }
  if (regElemType(e->getType()).isNull())
    return in.apiUnmodelled(c, "the destination register of " + c.name + " is not followed");
  Value dst = in.eval(e);
  if (dst.kind != Value::Obj || !dst.obj)
    return in.apiUnmodelled(c, "the destination register of " + c.name + " is not followed");
  setRange(in, dst, std::nullopt);
  return Value();
}

Value vfScope(Interp &in, ApiCall &c) {
  // `if (vf_scope()) { body }`: the body is the vector function.
  DynTypedNodeList ps = in.ctx.getParents(*c.call);
  while (!ps.empty()) {
    if (const auto *is = ps[0].get<IfStmt>()) {
      in.vfId = ++in.vfCount;
      in.vfRange = is->getThen()->getSourceRange();
      break;
    }
    const auto *st = ps[0].get<Stmt>();
    if (!st)
      break;
    ps = in.ctx.getParents(*st);
  }
  return in.scalar(mkBool(true));
}

} // namespace

void registerRegApi(ApiTable &t) {
  t.addNamespace("Reg", "reg", regCall);
  t.addNames({"vf_scope"}, "reg", vfScope);
  t.addNames({"vdup"}, "reg", registerIntrinsic);
}

} // namespace fe
} // namespace alint
