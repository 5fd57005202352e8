// Shape inference of AddOne: y has x's shape.
#include "register/op_impl_registry.h"

namespace ops {
static ge::graphStatus InferShapeAddOne(gert::InferShapeContext *context) {
  const gert::Shape *xShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
  gert::Shape *yShape = context->GetOutputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, yShape);
  *yShape = *xShape;
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_INFERSHAPE(AddOne).InferShape(InferShapeAddOne);
} // namespace ops
