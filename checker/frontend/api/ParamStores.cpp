// Stores into the narrow integer fields of AscendC parameter structs and
// narrow API arguments, recorded for param-range: the value before the
// conversion is kept, since the converted one has already wrapped.
#include "checker/frontend/api/ApiTable.h"

#include <clang/AST/Expr.h>

namespace alint {
namespace fe {

using namespace clang;

void Interp::noteParamStore(const Expr *rhs, Sym stored, QualType fieldType, const std::string &record,
                            const std::string &field, SourceLocation l) {
  // Only kernel code: the API's own implementation is trusted.
  if (!rhs || (!frames.empty() && isApiDecl(frames.back()->fn)))
    return;
  QualType ft = fieldType.getCanonicalType().getNonReferenceType().getUnqualifiedType();
  if (!ft->isIntegerType() || ft->isBooleanType())
    return;
  IntType to = intTypeOf(ctx, ft);
  // Walk the chain of integral conversions down to the first value computed
  // in a type of its own: that is what the code means to store.
  Sym value;
  bool narrowed = false;
  const Expr *e = rhs->IgnoreParens();
  while (const auto *ce = dyn_cast<CastExpr>(e)) {
    if (ce->getCastKind() == CK_IntegralCast) {
      auto it = castOperand.find(ce);
      if (it == castOperand.end() || !it->second)
        break;
      const Sym &from = it->second;
      IntType dst = intTypeOf(ctx, ce->getType());
      if (!from->type.isBool &&
          (from->type.bits == 0 || from->type.bits > dst.bits || (from->type.isSigned && !dst.isSigned) ||
           (!from->type.isSigned && dst.isSigned && from->type.bits >= dst.bits)))
        narrowed = true;
      value = from;
    } else if (ce->getCastKind() != CK_NoOp) {
      break;
    }
    e = ce->getSubExpr()->IgnoreParens();
  }
  if (!value)
    value = stored;
  // The value may have wrapped before this conversion: a narrow kernel
  // variable assigned a wider value (`uint8_t rep = (len + mask - 1) / mask;`)
  // and then passed on holds the wrapping conversion as its value. Look
  // through it (and through widenings, which keep the value) to what the code
  // computed; the narrowest type passed through must hold it as well.
  std::optional<IntType> heldIn;
  for (Sym v = value; v && v->op == SymOp::Cast && v->args.size() == 1 && v->args[0];) {
    IntType from = v->args[0]->type, dst = v->type;
    if (from.isBool || dst.isBool || from.bits == 0)
      break;
    bool widens = dst.bits > from.bits && (dst.isSigned || !from.isSigned);
    if (!widens) {
      if (!heldIn || dst.bits < heldIn->bits || (dst.bits == heldIn->bits && !dst.isSigned))
        heldIn = dst;
      value = v->args[0];
      narrowed = true;
    }
    v = v->args[0];
  }
  ParamStore ps;
  ps.loc = loc(l);
  ps.record = record;
  ps.field = field;
  ps.type = to;
  ps.narrowed = narrowed;
  ps.heldIn = heldIn;
  ps.value = value ? toMath(value) : mkOpaque("the value stored into " + record + "." + field + " is not followed");
  ps.cond = currentCond();
  ps.loops = loopStack;
  model.paramStores.push_back(std::move(ps));
}

} // namespace fe
} // namespace alint
