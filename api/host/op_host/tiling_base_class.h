// ascendc-lint bundled host API (see ascendc_lint/host.h).
//
// ops-base's tiling template method (op_host/tiling_base_class.h): an
// operator's tiling class derives from Ops::Base::TilingBaseClass and fills
// in the steps; DoTiling runs them in the documented order and stops at the
// first status that is not GRAPH_SUCCESS. GRAPH_PARAM_INVALID from IsCapable
// means "not this class": the registry (TilingRegistry::DoTilingImpl) then
// tries the class of the next priority. The host reader interprets DoTiling
// as written here; the steps dispatch to the operator's overrides.
#pragma once
#include "ascendc_lint/host.h"

namespace Ops {
namespace Base {

// The AI core's resources as tiling classes cache them.
struct AiCoreParams {
  uint64_t ubSize = 0;
  uint64_t blockDim = 0;
  uint64_t numBlocks = 0; // newer ops-base's name (ops-math select_simt_tiling.cpp sets it)
  uint64_t aicNum = 0;
  uint64_t l1Size = 0;
  uint64_t l0aSize = 0;
  uint64_t l0bSize = 0;
  uint64_t l0cSize = 0;
};

// The compile info many operators' TilingParse fills.
struct CompileInfoCommon {
  uint32_t aivNum = 0;
  uint32_t aicNum = 0;
  uint64_t ubSize = 0;
  uint64_t l1Size = 0;
  uint64_t l0aSize = 0;
  uint64_t l0bSize = 0;
  uint64_t l0cSize = 0;
  uint64_t l2CacheSize = 0;
  int64_t coreNum = 0;
  int32_t socVersion = 0;
  uint32_t rsvd = 0;
};

class TilingBaseClass {
public:
  TilingBaseClass() = default;
  explicit TilingBaseClass(gert::TilingContext *context) : context_(context) {}
  virtual ~TilingBaseClass() = default;

  ge::graphStatus DoTiling() {
    ge::graphStatus ret = GetShapeAttrsInfo();
    if (ret != ge::GRAPH_SUCCESS)
      return ret;
    ret = GetPlatformInfo();
    if (ret != ge::GRAPH_SUCCESS)
      return ret;
    if (!IsCapable())
      return ge::GRAPH_PARAM_INVALID;
    ret = DoOpTiling();
    if (ret != ge::GRAPH_SUCCESS)
      return ret;
    ret = DoLibApiTiling();
    if (ret != ge::GRAPH_SUCCESS)
      return ret;
    ret = GetWorkspaceSize();
    if (ret != ge::GRAPH_SUCCESS)
      return ret;
    ret = PostTiling();
    if (ret != ge::GRAPH_SUCCESS)
      return ret;
    context_->SetTilingKey(GetTilingKey());
    // DumpTilingInfo() follows here in ops-base: it only logs (string
    // streams the reader would have to interpret), so it is not run.
    return ge::GRAPH_SUCCESS;
  }

  virtual void Reset(gert::TilingContext *context) { context_ = context; }

protected:
  virtual bool IsCapable() = 0;
  virtual ge::graphStatus GetPlatformInfo() = 0;
  virtual ge::graphStatus GetShapeAttrsInfo() = 0;
  virtual ge::graphStatus DoOpTiling() = 0;
  virtual ge::graphStatus DoLibApiTiling() = 0;
  virtual uint64_t GetTilingKey() const = 0;
  virtual ge::graphStatus GetWorkspaceSize() = 0;
  virtual ge::graphStatus PostTiling() = 0;
  // Logging only.
  virtual void DumpTilingInfo() {}

  gert::TilingContext *context_ = nullptr;
  uint32_t blockDim_ = 0;
  uint64_t workspaceSize_ = 0;
  uint64_t tilingKey_ = 0;
  AiCoreParams aicoreParams_;
};

} // namespace Base
} // namespace Ops
