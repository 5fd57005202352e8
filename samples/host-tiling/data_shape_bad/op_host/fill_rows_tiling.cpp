// Host tiling of a fill operator: y's shape is the data of the `shape`
// input (a value-dependent input), its element count their product. The
// tile count is computed from the count of 32-byte blocks where the count
// of elements was meant, so a length that is a whole number of tiles gets
// one tile too many -- and a full tail tile past the end of y.
#include "register/op_def_registry.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "../op_kernel/fill_rows_tiling_data.h"

namespace optiling {
constexpr uint32_t TILE_LENGTH = 8192; // floats: 32 KiB of UB
constexpr uint32_t BLOCK_BYTES = 32;

static ge::graphStatus FillRowsTilingFunc(gert::TilingContext *context) {
  const gert::StorageShape *shapeShape = context->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, shapeShape);
  const gert::Tensor *shapeTensor = context->GetInputTensor(0);
  OP_CHECK_NULL_WITH_CONTEXT(context, shapeTensor);
  const int64_t *dims = shapeTensor->GetData<int64_t>();
  int64_t rank = shapeShape->GetStorageShape().GetDim(0);
  uint32_t total = 1;
  for (int64_t i = 0; i < rank; i++) {
    total *= dims[i];
  }
  OP_CHECK_IF(total == 0 || total % 8 != 0, OP_LOGE(context, "y must hold whole 32-byte blocks"),
              return ge::GRAPH_FAILED);
  uint32_t blocks = total * sizeof(float) / BLOCK_BYTES;
  uint32_t tileNum = total / TILE_LENGTH + (blocks % TILE_LENGTH != 0 ? 1 : 0);
  uint32_t tail = total - (tileNum - 1) * TILE_LENGTH;
  if (tail == 0) {
    tail = TILE_LENGTH;
  }
  FillRowsTilingData *tiling = context->GetTilingData<FillRowsTilingData>();
  tiling->totalLength = total;
  tiling->tileLength = TILE_LENGTH;
  tiling->tileNum = tileNum;
  tiling->tailLength = tail;
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(FillRows).Tiling(FillRowsTilingFunc);
} // namespace optiling

namespace ops {
class FillRows : public OpDef {
public:
  explicit FillRows(const char *name) : OpDef(name) {
    this->Input("shape").ParamType(REQUIRED).DataType({ge::DT_INT64}).Format({ge::FORMAT_ND}).ValueDepend(REQUIRED);
    this->Input("value").Scalar().ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->Output("y").ParamType(REQUIRED).DataType({ge::DT_FLOAT}).Format({ge::FORMAT_ND});
    this->AICore().AddConfig("ascend910b");
  }
};
OP_ADD(FillRows);
} // namespace ops
