// A tiling class that keeps the tiling buffer as a member pointer (set in
// Init) and writes array fields through it with a loop index, as ops-math
// pad_v3 arch35 does (after Init's own failure returns): each element written is the dimension (or a choice
// among them by the index), not a lost contract.
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

struct PadLikeTilingData {
  int64_t dimNum;
  int64_t inShape[8];
  int64_t outShape[8];
  int64_t padFirst;
  int64_t elemBytes;
};

namespace optiling {
class PadLikeTiling {
public:
  explicit PadLikeTiling(gert::TilingContext *context) : context_(context) {}
  ge::graphStatus Init() {
    auto ascendcPlatform = platform_ascendc::PlatformAscendC(context_->GetPlatformInfo());
    coreNum_ = ascendcPlatform.GetCoreNumAiv();
    if (coreNum_ == 0) {
      return ge::GRAPH_FAILED;
    }
    tilingData_ = context_->GetTilingData<PadLikeTilingData>();
    if (tilingData_ == nullptr) {
      return ge::GRAPH_FAILED;
    }
    return ge::GRAPH_SUCCESS;
  }
  ge::graphStatus GetShapes() {
    const gert::Shape &inShapeVal = context_->GetInputShape(0)->GetStorageShape();
    dimNum_ = inShapeVal.GetDimNum();
    if (dimNum_ > 8) {
      return ge::GRAPH_FAILED;
    }
    for (uint16_t i = 0; i < dimNum_; ++i) {
      if (inShapeVal.GetDim(i) < 0) {
        return ge::GRAPH_FAILED;
      }
      tilingData_->inShape[i] = inShapeVal.GetDim(i);
      tilingData_->outShape[i] = inShapeVal.GetDim(i) + 2;
    }
    tilingData_->dimNum = dimNum_;
    // A shape filled element by element (slice's AssignInputValueOpt): its
    // dimensions are then unknown, the contract is not lost.
    gert::Shape padded;
    padded.SetDimNum(2);
    for (size_t i = 0; i < 2; i++) {
      padded[i] = 0;
    }
    tilingData_->padFirst = padded.GetDim(0);
    return ge::GRAPH_SUCCESS;
  }
  // `case K: { ...; return r; }` ends its case (pad_v3's GetPaddings).
  ge::graphStatus CheckDtype(int dtype) {
    switch (dtype) {
    case 3: {
      dtypeBytes_ = 4;
      return ge::GRAPH_SUCCESS;
    }
    case 9: {
      dtypeBytes_ = 8;
      return ge::GRAPH_SUCCESS;
    }
    default:
      break;
    }
    return ge::GRAPH_FAILED;
  }
  ge::graphStatus DoTiling() {
    if (Init() == ge::GRAPH_FAILED) {
      return ge::GRAPH_FAILED;
    }
    if (GetShapes() == ge::GRAPH_FAILED) {
      return ge::GRAPH_FAILED;
    }
    if (CheckDtype(context_->GetInputDesc(0)->GetDataType()) == ge::GRAPH_FAILED) {
      return ge::GRAPH_FAILED;
    }
    // `a[i] op= v` with i a value (pad_v3's Fp4TilingData).
    tilingData_->outShape[dimNum_ - 1] /= 2;
    tilingData_->elemBytes = dtypeBytes_;
    context_->SetBlockDim(1);
    return ge::GRAPH_SUCCESS;
  }

private:
  gert::TilingContext *context_ = nullptr;
  PadLikeTilingData *tilingData_;
  uint64_t dimNum_ = 0;
  uint32_t coreNum_ = 0;
  int64_t dtypeBytes_ = 0;
};

static ge::graphStatus PadLikeTilingFunc(gert::TilingContext *context) {
  PadLikeTiling t(context);
  return t.DoTiling();
}

IMPL_OP_OPTILING(PadLike).Tiling(PadLikeTilingFunc);
} // namespace optiling
