// A constant dtype table looked up with find() and compared with end() (the
// way ops-math's random operators pick their output type code;
// tests/unit/test_host.cpp), a constant set of supported dtypes, and a
// lookup by a string attribute, whose outcome is the host's input.
#include <set>
#include <string>
#include <unordered_map>

#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"

struct TableFindTilingData {
  uint32_t typeCode;
  uint32_t modeCode;
  uint32_t halfPrecision;
};

namespace optiling {
static const std::unordered_map<ge::DataType, uint32_t> TYPE_CODE{
    {ge::DataType::DT_FLOAT, 1}, {ge::DataType::DT_FLOAT16, 2}, {ge::DataType::DT_BF16, 3}};
static const std::unordered_map<std::string, uint32_t> MODE_CODE{{"fast", 10}, {"exact", 20}};
static const std::set<ge::DataType> SUPPORTED{ge::DataType::DT_FLOAT, ge::DataType::DT_FLOAT16, ge::DataType::DT_BF16};
static const std::set<ge::DataType> HALF{ge::DataType::DT_FLOAT16, ge::DataType::DT_BF16};

static ge::graphStatus TableFindTiling(gert::TilingContext *context) {
  TableFindTilingData *tiling = context->GetTilingData<TableFindTilingData>();
  auto dtype = context->GetInputDesc(0)->GetDataType();
  if (SUPPORTED.find(dtype) == SUPPORTED.end()) {
    return ge::GRAPH_FAILED;
  }
  tiling->halfPrecision = HALF.count(dtype);
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
