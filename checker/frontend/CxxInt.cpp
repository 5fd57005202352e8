#include "checker/frontend/CxxInt.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Type.h>

namespace alint::fe {

using namespace clang;

IntType intTypeOf(ASTContext &ctx, QualType t) {
  t = t.getCanonicalType().getNonReferenceType();
  if (t->isBooleanType())
    return IntType::boolean();
  if (const auto *et = t->getAs<EnumType>())
    t = et->getDecl()->getIntegerType();
  if (t.isNull() || !t->isIntegerType())
    return IntType::i64();
  IntType r;
  r.bits = uint8_t(ctx.getIntWidth(t));
  r.isSigned = t->isSignedIntegerOrEnumerationType();
  return r;
}

std::optional<SymOp> intOpOf(BinaryOperatorKind k) {
  switch (k) {
  case BO_Add:
  case BO_AddAssign:
    return SymOp::Add;
  case BO_Sub:
  case BO_SubAssign:
    return SymOp::Sub;
  case BO_Mul:
  case BO_MulAssign:
    return SymOp::Mul;
  case BO_Div:
  case BO_DivAssign:
    return SymOp::Div;
  case BO_Rem:
  case BO_RemAssign:
    return SymOp::Rem;
  case BO_Shl:
  case BO_ShlAssign:
    return SymOp::Shl;
  case BO_Shr:
  case BO_ShrAssign:
    return SymOp::Shr;
  case BO_And:
  case BO_AndAssign:
    return SymOp::BitAnd;
  case BO_Or:
  case BO_OrAssign:
    return SymOp::BitOr;
  case BO_Xor:
  case BO_XorAssign:
    return SymOp::BitXor;
  case BO_EQ:
    return SymOp::Eq;
  case BO_NE:
    return SymOp::Ne;
  case BO_LT:
    return SymOp::Lt;
  case BO_LE:
    return SymOp::Le;
  case BO_GT:
    return SymOp::Gt;
  case BO_GE:
    return SymOp::Ge;
  default:
    return std::nullopt;
  }
}

Sym intBinary(ASTContext &ctx, const BinaryOperator *b, Sym a, Sym c) {
  std::optional<SymOp> op = intOpOf(b->getOpcode());
  if (!op || b->isCompoundAssignmentOp())
    return nullptr;
  if (b->isComparisonOp()) {
    // The operands already carry the usual arithmetic conversions; where they
    // still differ (an enum, a bool) compare the mathematical values.
    if (a->type != c->type) {
      a = toMath(a);
      c = toMath(c);
    }
    return mkCmp(*op, a, c);
  }
  IntType it = intTypeOf(ctx, b->getType());
  a = mkCast(a, it);
  // A shift's right operand keeps its own (promoted) type.
  if (*op != SymOp::Shl && *op != SymOp::Shr)
    c = mkCast(c, it);
  return mkBin(*op, a, c, it);
}

Sym intCompound(ASTContext &ctx, const CompoundAssignOperator *ca, Sym old, Sym r) {
  std::optional<SymOp> op = intOpOf(ca->getOpcode());
  if (!op)
    return nullptr;
  IntType cit = intTypeOf(ctx, ca->getComputationLHSType());
  Sym a = mkCast(old, cit);
  Sym c = (*op == SymOp::Shl || *op == SymOp::Shr) ? r : mkCast(r, cit);
  return mkCast(mkBin(*op, a, c, cit), intTypeOf(ctx, ca->getType()));
}

Sym intUnary(ASTContext &ctx, const UnaryOperator *u, Sym x) {
  IntType t = intTypeOf(ctx, u->getType());
  switch (u->getOpcode()) {
  case UO_Minus:
    return mkUn(SymOp::Neg, mkCast(x, t), t);
  case UO_Not:
    return mkUn(SymOp::BitNot, mkCast(x, t), t);
  case UO_Plus:
    return mkCast(x, t);
  default:
    return nullptr;
  }
}

Sym intIncDec(const UnaryOperator *u, Sym old) {
  return mkBin(u->isIncrementOp() ? SymOp::Add : SymOp::Sub, old, mkConst(1, old->type), old->type);
}

Sym intConvert(ASTContext &ctx, Sym v, QualType to) {
  // mkCast: to bool is `!= 0`, from bool is 1 or 0, otherwise wrap to the width.
  return mkCast(v, intTypeOf(ctx, to));
}

Sym foldIntConstant(ASTContext &ctx, const Expr *e) {
  QualType t = e->getType();
  if (t.isNull() || e->isValueDependent() || e->isTypeDependent() || !t->isIntegralOrEnumerationType() ||
      e->containsErrors() || e->HasSideEffects(ctx) || isa<DeclRefExpr>(e->IgnoreParenImpCasts()))
    return nullptr;
  Expr::EvalResult r;
  if (!e->EvaluateAsInt(r, ctx))
    return nullptr;
  IntType it = intTypeOf(ctx, t);
  const llvm::APSInt &v = r.Val.getInt();
  if (it.isBool)
    return mkBool(v.getBoolValue());
  return mkConst(v.isSigned() ? v.getExtValue() : int64_t(v.getZExtValue()), it);
}

} // namespace alint::fe
