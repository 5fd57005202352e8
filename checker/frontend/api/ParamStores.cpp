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
  ParamStore ps;
  ps.loc = loc(l);
  ps.record = record;
  ps.field = field;
  ps.type = to;
  ps.narrowed = narrowed;
  if (!value)
    value = stored;
  ps.value = value ? toMath(value) : mkOpaque("the value stored into " + record + "." + field + " is not followed");
  ps.cond = currentCond();
  ps.loops = loopStack;
  model.paramStores.push_back(std::move(ps));
}

} // namespace fe
} // namespace alint
