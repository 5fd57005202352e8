// The definitions of rowmin_common_tiling.h (see there).
#include "rowmin_common_tiling.h"

constexpr int64_t MIN_RANK = 2;

namespace optiling {
ge::graphStatus RowMinCommonTiling::GetShapeInfo() {
  auto xShape = context_->GetInputShape(0);
  OP_CHECK_NULL_WITH_CONTEXT(context_, xShape);
  auto rank = xShape->GetStorageShape().GetDimNum();
  OP_CHECK_IF(rank != MIN_RANK, OP_LOGE(context_, "x must be 2-D"), return ge::GRAPH_FAILED);
  rows = xShape->GetStorageShape().GetDim(0);
  cols = xShape->GetStorageShape().GetDim(1);
  auto xDesc = context_->GetInputDesc(0);
  OP_CHECK_NULL_WITH_CONTEXT(context_, xDesc);
  rowBytes = ge::GetSizeInBytes(cols, xDesc->GetDataType());
  OP_CHECK_IF(rowBytes <= 0, OP_LOGE(context_, "bad row"), return ge::GRAPH_FAILED);
  return CheckShape();
}

ge::graphStatus RowMinCommonTiling::GetPlatformInfo() {
  auto platform = platform_ascendc::PlatformAscendC(context_->GetPlatformInfo());
  coreNum = platform.GetCoreNumAiv();
  OP_CHECK_IF(coreNum <= 0, OP_LOGE(context_, "no cores"), return ge::GRAPH_FAILED);
  return ge::GRAPH_SUCCESS;
}

void RowMinCommonTiling::DivCore() {
  int64_t tiles = (rows + ROW_UNIT - 1) / ROW_UNIT;
  rowsPerCore = tiles / coreNum * ROW_UNIT;
  tailRows = rows - rowsPerCore * coreNum;
  usedCores = rowsPerCore > 0 ? coreNum : 1;
}

void RowMinCommonTiling::SetTilingData() {
  tilingData_.set_rows(rows);
  tilingData_.set_rowsPerCore(rowsPerCore);
  tilingData_.set_tailRows(tailRows);
  tilingData_.set_rowBytes(rowBytes);
  context_->SetBlockDim(usedCores);
}

ge::graphStatus RowMinCommonTiling::PostTiling() {
  tilingData_.SaveToBuffer(context_->GetRawTilingData()->GetData(), context_->GetRawTilingData()->GetCapacity());
  context_->GetRawTilingData()->SetDataSize(tilingData_.GetDataSize());
  return ge::GRAPH_SUCCESS;
}
} // namespace optiling
