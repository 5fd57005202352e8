// A TilingData with an array field (TILING_DATA_FIELD_DEF_ARR) held by a
// handler class template, filled from the input's dimensions through the
// array setter (tests/unit/test_host.cpp). The struct's implicit constructor
// applies the fields' default initialisers, which the reader has applied
// already: the array must stay an array, each element a function of a
// dimension.
#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ArrFieldTilingData)
TILING_DATA_FIELD_DEF(uint32_t, rank);
TILING_DATA_FIELD_DEF_ARR(uint32_t, 4, dims);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(ArrFieldOp, ArrFieldTilingData)

template <typename IndexT>
class ArrFieldHandler {
public:
  explicit ArrFieldHandler(gert::TilingContext *context) : context_(context) {}
  ge::graphStatus Run() {
    auto shape = context_->GetInputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context_, shape);
    for (uint32_t i = 0; i < 4; i++)
      dims_[i] = static_cast<uint32_t>(shape->GetStorageShape().GetDim(i));
    tiling_.set_rank(4);
    tiling_.set_dims(dims_);
    tiling_.SaveToBuffer(context_->GetRawTilingData()->GetData(), context_->GetRawTilingData()->GetCapacity());
    return ge::GRAPH_SUCCESS;
  }

private:
  gert::TilingContext *context_;
  uint32_t dims_[4];
  ArrFieldTilingData tiling_;
};

static ge::graphStatus ArrFieldTiling(gert::TilingContext *context) {
  ArrFieldHandler<int64_t> handler(context);
  return handler.Run();
}

IMPL_OP_OPTILING(ArrFieldOp).Tiling(ArrFieldTiling);
} // namespace optiling
