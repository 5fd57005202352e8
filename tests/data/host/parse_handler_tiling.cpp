// Host tiling that reads its platform values from the compile info its
// TilingParse function filled, and computes the tiling in a handler class
// template instantiated on two paths (the index type of a second input),
// each handler saving its own TilingData member to the raw buffer
// (tests/unit/test_host.cpp). Both paths' values must reach the contract,
// joined by path.
#include "register/op_impl_registry.h"
#include "register/tilingdata_base.h"
#include "tiling/platform/platform_ascendc.h"
#include "op_host/tiling_base_util.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(ParseHandlerTilingData)
TILING_DATA_FIELD_DEF(uint32_t, tileBytes);
TILING_DATA_FIELD_DEF(uint32_t, usedCores);
END_TILING_DATA_DEF;
REGISTER_TILING_DATA_CLASS(ParseHandlerOp, ParseHandlerTilingData)

struct ParseHandlerCompileInfo {
  uint32_t coreNum;
  uint32_t ubBytes;
};

template <typename IndexT> class ParseHandler {
public:
  ParseHandler(gert::TilingContext *context, const ParseHandlerCompileInfo *info) : context_(context), info_(info) {}
  ge::graphStatus Run() {
    // Three buffers of whole 32-byte blocks; the index type takes a fourth.
    uint32_t buffers = sizeof(IndexT) == 8 ? 4 : 3;
    tiling_.set_tileBytes(info_->ubBytes / buffers / 32 * 32);
    tiling_.set_usedCores(info_->coreNum);
    tiling_.SaveToBuffer(context_->GetRawTilingData()->GetData(), context_->GetRawTilingData()->GetCapacity());
    return ge::GRAPH_SUCCESS;
  }

private:
  gert::TilingContext *context_;
  const ParseHandlerCompileInfo *info_;
  ParseHandlerTilingData tiling_;
};

static ge::graphStatus ParseHandlerTiling(gert::TilingContext *context) {
  auto info = reinterpret_cast<const ParseHandlerCompileInfo *>(context->GetCompileInfo());
  OP_CHECK_NULL_WITH_CONTEXT(context, info);
  auto index = context->GetInputDesc(1);
  OP_CHECK_NULL_WITH_CONTEXT(context, index);
  if (index->GetDataType() == ge::DT_INT64) {
    ParseHandler<int64_t> handler(context, info);
    return handler.Run();
  }
  ParseHandler<int32_t> handler(context, info);
  return handler.Run();
}

static ge::graphStatus ParseHandlerTilingParse(gert::TilingParseContext *context) {
  auto info = context->GetCompiledInfo<ParseHandlerCompileInfo>();
  OP_CHECK_NULL_WITH_CONTEXT(context, info);
  auto platform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
  info->coreNum = platform.GetCoreNumAiv();
  OP_CHECK_IF(info->coreNum == 0, OP_LOGE(context, "no vector core"), return ge::GRAPH_FAILED);
  // ops-math floor_mod, mod, is_inf ask the parse context (ops-base util).
  OP_CHECK_IF(Ops::Base::IsRegbaseSocVersion(context), OP_LOGE(context, "not this handler"), return ge::GRAPH_FAILED);
  uint64_t ub = 0;
  platform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
  info->ubBytes = static_cast<uint32_t>(ub);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(ParseHandlerOp)
    .Tiling(ParseHandlerTiling)
    .TilingParse<ParseHandlerCompileInfo>(ParseHandlerTilingParse);
} // namespace optiling
