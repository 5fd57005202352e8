// Host tiling as ops-math writes most of its newer operators: tiling classes
// derive from ops-base's Ops::Base::TilingBaseClass (bundled), each fills in
// the steps of its DoTiling template method, and a registry runs the classes
// an operator registers in priority order until one is capable
// (tests/unit/test_host.cpp). The registry below is this test's own minimal
// declaration of the interface (a static map filled by registrations): the
// reader takes the registrations from the file, not from the map.
#include "op_host/tiling_base_class.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

namespace Ops::Math::OpTiling {
class TilingRegistry {
public:
  static TilingRegistry &GetInstance();
  ge::graphStatus DoTilingImpl(gert::TilingContext *context);
};
class Register {
public:
  explicit Register(const char *opType);
  template <class T> Register &tiling(int32_t priority);
};
} // namespace Ops::Math::OpTiling
#define REGISTER_OPS_TILING_TEMPLATE(op, cls, prio)                                                                    \
  static Ops::Math::OpTiling::Register reg_##op##_##cls = Ops::Math::OpTiling::Register(#op).tiling<cls>(prio)

namespace optiling {
struct TemplOpTilingData {
  uint32_t usedCores;
  uint32_t rowLen;
  uint32_t rowsPerCore;
};

// Shared by both classes: shape, platform, workspace.
class TemplOpTilingBase : public Ops::Base::TilingBaseClass {
public:
  explicit TemplOpTilingBase(gert::TilingContext *context) : Ops::Base::TilingBaseClass(context) {}

protected:
  ge::graphStatus GetShapeAttrsInfo() override {
    auto shape = context_->GetInputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context_, shape);
    rows_ = shape->GetStorageShape().GetDim(0);
    cols_ = shape->GetStorageShape().GetDim(1);
    OP_CHECK_IF(rows_ <= 0 || cols_ <= 0 || cols_ > 4096, OP_LOGE(context_, "shape"), return ge::GRAPH_FAILED);
    return ge::GRAPH_SUCCESS;
  }
  ge::graphStatus GetPlatformInfo() override {
    auto platform = platform_ascendc::PlatformAscendC(context_->GetPlatformInfo());
    coreNum_ = platform.GetCoreNumAiv();
    OP_CHECK_IF(coreNum_ == 0, OP_LOGE(context_, "cores"), return ge::GRAPH_FAILED);
    return ge::GRAPH_SUCCESS;
  }
  ge::graphStatus DoLibApiTiling() override { return ge::GRAPH_SUCCESS; }
  ge::graphStatus GetWorkspaceSize() override {
    size_t *ws = context_->GetWorkspaceSizes(1);
    ws[0] = 0;
    return ge::GRAPH_SUCCESS;
  }
  ge::graphStatus PostTiling() override {
    auto *t = context_->GetTilingData<TemplOpTilingData>();
    OP_CHECK_NULL_WITH_CONTEXT(context_, t);
    t->usedCores = usedCores_;
    t->rowLen = rowLen_;
    t->rowsPerCore = rowsPerCore_;
    context_->SetBlockDim(usedCores_);
    return ge::GRAPH_SUCCESS;
  }
  void Split() {
    rowsPerCore_ = (rows_ + coreNum_ - 1) / coreNum_;
    usedCores_ = (rows_ + rowsPerCore_ - 1) / rowsPerCore_;
  }

  int64_t rows_ = 0;
  int64_t cols_ = 0;
  uint32_t coreNum_ = 0;
  uint32_t usedCores_ = 0;
  uint32_t rowLen_ = 0;
  uint32_t rowsPerCore_ = 0;
};

// Priority 0: rows of whole 32-byte blocks (float), copied as they are.
class TemplOpAlignedTiling : public TemplOpTilingBase {
public:
  explicit TemplOpAlignedTiling(gert::TilingContext *context) : TemplOpTilingBase(context) {}

protected:
  bool IsCapable() override { return cols_ % 8 == 0; }
  ge::graphStatus DoOpTiling() override {
    rowLen_ = cols_;
    Split();
    return ge::GRAPH_SUCCESS;
  }
  uint64_t GetTilingKey() const override { return 1; }
};

// Priority 1: any row, padded to whole blocks.
class TemplOpPaddedTiling : public TemplOpTilingBase {
public:
  explicit TemplOpPaddedTiling(gert::TilingContext *context) : TemplOpTilingBase(context) {}

protected:
  bool IsCapable() override { return true; }
  ge::graphStatus DoOpTiling() override {
    rowLen_ = (cols_ + 7) / 8 * 8;
    Split();
    return ge::GRAPH_SUCCESS;
  }
  uint64_t GetTilingKey() const override { return 2; }
};

static ge::graphStatus TilingTemplOp(gert::TilingContext *context) {
  return Ops::Math::OpTiling::TilingRegistry::GetInstance().DoTilingImpl(context);
}

IMPL_OP_OPTILING(TemplOp).Tiling(TilingTemplOp);

REGISTER_OPS_TILING_TEMPLATE(TemplOp, TemplOpPaddedTiling, 1);
REGISTER_OPS_TILING_TEMPLATE(TemplOp, TemplOpAlignedTiling, 0);
} // namespace optiling
