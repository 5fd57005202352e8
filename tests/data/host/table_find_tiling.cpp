// A constant dtype table looked up with find() and compared with end() (the
// way ops-math's random operators pick their output type code;
// tests/unit/test_host.cpp), and a lookup by a string attribute, whose
// outcome is the host's input.
#include <string>
#include <unordered_map>

#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

struct TableFindTilingData {
  uint32_t typeCode;
  uint32_t modeCode;
};

namespace optiling {
static const std::unordered_map<ge::DataType, uint32_t> TYPE_CODE{
    {ge::DataType::DT_FLOAT, 1}, {ge::DataType::DT_FLOAT16, 2}, {ge::DataType::DT_BF16, 3}};
static const std::unordered_map<std::string, uint32_t> MODE_CODE{{"fast", 10}, {"exact", 20}};

static ge::graphStatus TableFindTiling(gert::TilingContext *context) {
  TableFindTilingData *tiling = context->GetTilingData<TableFindTilingData>();
  auto dtype = context->GetInputDesc(0)->GetDataType();
  auto it = TYPE_CODE.find(dtype);
  if (it == TYPE_CODE.end()) {
    return ge::GRAPH_FAILED;
  }
  tiling->typeCode = it->second;
  std::string mode = "fast";
  auto m = MODE_CODE.find(mode);
  tiling->modeCode = m != MODE_CODE.end() ? (*m).second : 0;
  context->SetBlockDim(1);
  return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(TableFind).Tiling(TableFindTiling);
} // namespace optiling
