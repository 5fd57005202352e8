// ascendc-lint bundled host API: the declarations a tiling function
// (`ge::graphStatus TilingFunc(gert::TilingContext*)`) and a direct-launch
// host `main` use, so that checker/host/ can read them without a CANN
// install. Declarations only where the linter models the call
// (checker/host/HostInterp.cpp); small helpers whose meaning is plain
// arithmetic are defined so that they are interpreted like user code.
// Names and signatures follow the CANN headers as quoted in mirror-cann/asc-devkit:
// include/utils/tiling/platform/platform_ascendc.h (PlatformAscendC,
// CoreMemType, SocVersion), include/adv_api/matmul/matmul_tiling_base.h
// (ge::DataType values), docs/zh/api/Utils-API/平台信息获取/PlatformAscendC/*.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
// What the CANN host headers pull in for the tiling sources.
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace fe {
class PlatFormInfos;
}

namespace ge {
using graphStatus = uint32_t;
using char_t = char; // graph/types.h
using float32_t = float; // graph/types.h
using float64_t = double;
constexpr graphStatus GRAPH_SUCCESS = 0;
constexpr graphStatus GRAPH_FAILED = 0xFFFFFFFF;
constexpr graphStatus GRAPH_PARAM_INVALID = 50331649;
// ge::DataType values as asc-devkit include/basic_api/kernel_type.h lists
// them (the DT_* macros "AscendCData type"; C_DT_* of template_argument.h are
// the same numbers). matmul_tiling::DataType (adv_api/matmul/
// matmul_tiling_base.h) is a different enum: its 33..36 are not these.
enum DataType {
  DT_FLOAT = 0,
  DT_FLOAT16 = 1,
  DT_INT8 = 2,
  DT_INT32 = 3,
  DT_UINT8 = 4,
  DT_INT16 = 6,
  DT_UINT16 = 7,
  DT_UINT32 = 8,
  DT_INT64 = 9,
  DT_UINT64 = 10,
  DT_DOUBLE = 11,
  DT_BOOL = 12,
  DT_STRING = 13,
  DT_DUAL_SUB_INT8 = 14,
  DT_DUAL_SUB_UINT8 = 15,
  DT_COMPLEX64 = 16,
  DT_COMPLEX128 = 17,
  DT_QINT8 = 18,
  DT_QINT16 = 19,
  DT_QINT32 = 20,
  DT_QUINT8 = 21,
  DT_QUINT16 = 22,
  DT_RESOURCE = 23,
  DT_STRING_REF = 24,
  DT_DUAL = 25,
  DT_VARIANT = 26,
  DT_BF16 = 27,
  DT_UNDEFINED = 28,
  DT_INT4 = 29,
  DT_UINT1 = 30,
  DT_INT2 = 31,
  DT_UINT2 = 32,
  DT_COMPLEX32 = 33,
  DT_HIFLOAT8 = 34,
  DT_FLOAT8_E5M2 = 35,
  DT_FLOAT8_E4M3FN = 36,
  DT_FLOAT8_E8M0 = 37,
  DT_FLOAT6_E3M2 = 38,
  DT_FLOAT6_E2M3 = 39,
  DT_FLOAT4_E2M1 = 40,
  DT_FLOAT4_E1M2 = 41,
  DT_MAX = 42
};
// ge::Format values (asc-devkit tools/build/asc_opc/python/asc_opc_tool/
// constant.py, OpFormatType: the numbers in its comments).
enum Format {
  FORMAT_NCHW = 0,
  FORMAT_NHWC = 1,
  FORMAT_ND = 2,
  FORMAT_NC1HWC0 = 3,
  FORMAT_FRACTAL_Z = 4,
  FORMAT_NC1C0HWPAD = 5,
  FORMAT_NHWC1C0 = 6,
  FORMAT_FSR_NCHW = 7,
  FORMAT_FRACTAL_DECONV = 8,
  FORMAT_C1HWNC0 = 9,
  FORMAT_FRACTAL_DECONV_TRANSPOSE = 10,
  FORMAT_FRACTAL_DECONV_SP_STRIDE_TRANS = 11,
  FORMAT_NC1HWC0_C04 = 12,
  FORMAT_FRACTAL_Z_C04 = 13,
  FORMAT_CHWN = 14,
  FORMAT_FRACTAL_DECONV_SP_STRIDE8_TRANS = 15,
  FORMAT_HWCN = 16,
  FORMAT_NC1KHKWHWC0 = 17,
  FORMAT_BN_WEIGHT = 18,
  FORMAT_FILTER_HWCK = 19,
  FORMAT_C1HWNCoC0 = 25,
  FORMAT_MD = 26,
  FORMAT_NDHWC = 27,
  FORMAT_FRACTAL_ZZ = 28,
  FORMAT_FRACTAL_NZ = 29,
  FORMAT_NCDHW = 30,
  FORMAT_DHWCN = 31,
  FORMAT_NDC1HWC0 = 32,
  FORMAT_FRACTAL_Z_3D = 33,
  FORMAT_CN = 34,
  FORMAT_NC = 35,
  FORMAT_DHWNC = 36,
  FORMAT_FRACTAL_Z_3D_TRANSPOSE = 37,
  FORMAT_FRACTAL_ZN_LSTM = 38,
  FORMAT_FRACTAL_Z_G = 39,
  FORMAT_RESERVED = 40,
  FORMAT_ALL = 41,
  FORMAT_NULL = 42,
  FORMAT_ND_RNN_BIAS = 43,
  FORMAT_FRACTAL_ZN_RNN = 44,
  FORMAT_NYUV = 45,
  FORMAT_NYUV_A = 46,
  FORMAT_NCL = 47,
  FORMAT_FRACTAL_Z_WINO = 48,
  FORMAT_C1HWC0 = 49,
  FORMAT_FRACTAL_NZ_C0_16 = 50,
  FORMAT_FRACTAL_NZ_C0_32 = 51
};
// The format without its sub-format bits (graph/types.h: the low byte; ops-math
// random_tiling_base.h), interpreted as written.
// A format's name, for messages (ops-math bias_add, common/inc/op_host/
// input_util.h); no value the reader uses.
const char *GetFormatName(Format format);
inline int32_t GetPrimaryFormat(int32_t format) { return static_cast<int32_t>(static_cast<uint32_t>(format) & 0xff); }
class TypeUtils {
public:
  // Modelled: the byte size of a data type.
  static bool GetDataTypeLength(DataType dt, uint32_t &length);
  // Names, for messages.
  static std::string DataTypeToSerialString(DataType dt);
  static std::string FormatToSerialString(Format format);
};
// Modelled as GetDataTypeLength.
int GetSizeByDataType(DataType dt);
// Modelled: element_count * the byte size of data_type, -1 for a negative
// count or one whose size overflows int64_t (metadef graph/types.h;
// docs: CANN 基础数据结构和接口, ge namespace, GetSizeInBytes: "如果传入个数为
// 非法值或传入不支持的数据类型，返回-1").
int64_t GetSizeInBytes(int64_t element_count, DataType data_type);
} // namespace ge

namespace gert {
class Shape {
public:
  Shape();
  // A constant shape (`static const gert::Shape kVec1 = {1};`, the scalar
  // stand-in of EnsureNotScalar helpers): not modelled, its reads are unknown.
  Shape(std::initializer_list<int64_t> dims);
  size_t GetDimNum() const;             // modelled: the rank
  int64_t GetDim(size_t index) const;   // modelled: one dimension
  int64_t GetShapeSize() const;         // modelled: the element count
  int64_t operator[](size_t index) const; // as GetDim
  bool IsScalar() const;
  // Not modelled: a shape changed by these is not read again (its reads are unknown).
  int64_t &operator[](size_t index); // `shape[i] = v`
  void SetDimNum(size_t num);
  void SetDim(size_t index, int64_t value);
  Shape &AppendDim(int64_t value);
  void SetScalar();
  // Not modelled: comparing two shapes gives an unknown truth value.
  bool operator==(const Shape &other) const;
  bool operator!=(const Shape &other) const;
};
class StorageShape {
public:
  const Shape &GetStorageShape() const;
  const Shape &GetOriginShape() const;
  const Shape &GetShape() const; // modelled as GetStorageShape
  Shape &MutableStorageShape();
  Shape &MutableOriginShape();
};
class StorageFormat {
public:
  ge::Format GetStorageFormat() const;
  ge::Format GetOriginFormat() const;
};
class CompileTimeTensorDesc {
public:
  ge::DataType GetDataType() const; // modelled: the tensor's dtype
  ge::Format GetStorageFormat() const;
  ge::Format GetOriginFormat() const;
  StorageFormat GetFormat() const;
};
class Tensor {
public:
  const Shape &GetStorageShape() const;
  const Shape &GetOriginShape() const;
  int64_t GetShapeSize() const;
  ge::DataType GetDataType() const;
  template <class T>
  const T *GetData() const;
  const void *GetAddr() const; // a device or host address: not modelled
};
// A list attribute's values (metadef exe_graph/runtime/continuous_vector.h):
// its size and elements are not modelled (free values).
template <class T> class TypedContinuousVector {
public:
  size_t GetSize() const;
  size_t GetCapacity() const;
  const T *GetData() const;
};
class RuntimeAttrs {
public:
  template <class T>
  const T *GetAttrPointer(size_t index) const;
  const TypedContinuousVector<int64_t> *GetListInt(size_t index) const;
  const TypedContinuousVector<float> *GetListFloat(size_t index) const;
  const TypedContinuousVector<bool> *GetListBool(size_t index) const;
  const int64_t *GetInt(size_t index) const;
  const bool *GetBool(size_t index) const;
  const float *GetFloat(size_t index) const;
  const char *GetStr(size_t index) const;
  size_t GetAttrNum() const;
};
class TilingData {
public:
  void *GetData();
  size_t GetCapacity() const;
  size_t GetDataSize() const;
  void SetDataSize(size_t size);
  template <class T>
  void Append(const T &data);
};
// The instances of a dynamic input or output (metadef exe_graph/runtime/
// compute_node_info.h): not modelled, their counts are unknown.
class AnchorInstanceInfo {
public:
  size_t GetInstanceStart() const;
  size_t GetInstanceNum() const;
};
class ComputeNodeInfo {
public:
  const AnchorInstanceInfo *GetInputInstanceInfo(size_t ir_index) const;
  const AnchorInstanceInfo *GetOutputInstanceInfo(size_t ir_index) const;
  size_t GetIrInputsNum() const;
  size_t GetInputsNum() const;
  size_t GetOutputsNum() const;
  const char *GetNodeName() const;
  const char *GetNodeType() const;
};
class TilingContext {
public:
  const ComputeNodeInfo *GetComputeNodeInfo() const;
  const StorageShape *GetInputShape(size_t index) const;
  const StorageShape *GetOptionalInputShape(size_t index) const;
  const StorageShape *GetRequiredInputShape(size_t index) const; // as GetInputShape
  const StorageShape *GetOutputShape(size_t index) const;
  const StorageShape *GetDynamicInputShape(size_t irIndex, size_t relativeIndex) const;
  const CompileTimeTensorDesc *GetInputDesc(size_t index) const;
  const CompileTimeTensorDesc *GetOptionalInputDesc(size_t index) const;
  const CompileTimeTensorDesc *GetRequiredInputDesc(size_t index) const; // as GetInputDesc
  const CompileTimeTensorDesc *GetOutputDesc(size_t index) const;
  const CompileTimeTensorDesc *GetDynamicInputDesc(size_t irIndex, size_t relativeIndex) const;
  const Tensor *GetInputTensor(size_t index) const;
  // A dynamic input's tensor (ops-math mem_set_v2 reads each one's dtype).
  const Tensor *GetDynamicInputTensor(size_t irIndex, size_t relativeIndex) const;
  // As GetComputeNodeInfo()->GetInputInstanceInfo(i) (ops-math mem_set_v2,
  // dynamic_stitch): not modelled.
  const AnchorInstanceInfo *GetIrInputInstanceInfo(size_t irIndex) const;
  const AnchorInstanceInfo *GetIrOutputInstanceInfo(size_t irIndex) const;
  const Tensor *GetOptionalInputTensor(size_t index) const;
  const Tensor *GetRequiredInputTensor(size_t index) const;
  const RuntimeAttrs *GetAttrs() const;
  fe::PlatFormInfos *GetPlatformInfo() const;
  const char *GetNodeName() const;
  const char *GetNodeType() const;
  size_t GetComputeNodeInputNum() const;
  template <class T>
  const T *GetCompileInfo() const;
  const void *GetCompileInfo() const; // the untyped form, cast by the caller
  TilingData *GetRawTilingData();
  template <class T>
  T *GetTilingData();
  size_t *GetWorkspaceSizes(size_t num);
  size_t GetWorkspaceNum() const;
  uint32_t GetBlockDim() const;
  uint64_t GetTilingKey() const;
  ge::graphStatus SetBlockDim(uint32_t blockDim);
  ge::graphStatus SetNumBlocks(uint32_t blockDim);
  ge::graphStatus SetTilingKey(uint64_t tilingKey);
  ge::graphStatus SetScheduleMode(uint32_t mode);
  ge::graphStatus SetNeedAtomic(bool atomic);
  ge::graphStatus SetLocalMemorySize(uint32_t size);
  // The UB share the kernel's dynamic buffers may use (ops-math
  // ragged_bin_count). Not read: the kernel's capacity is the chip's UB.
  ge::graphStatus SetDynUBufSize(uint32_t size);
  int32_t GetDeterministic() const;
};
class TilingParseContext {
public:
  fe::PlatFormInfos *GetPlatformInfo() const;
  const char *GetNodeName() const;
  const char *GetNodeType() const;
  template <class T>
  T *GetCompiledInfo();
};
} // namespace gert

// The chip's architecture (asc-devkit include/utils/tiling/platform/platform_ascendc.h
// declares `enum class NpuArch : uint32_t` at global scope; its enumerators
// and the chips they name: docs/zh/api/Utils-API/平台信息获取/PlatformAscendC/GetCurNpuArch.md).
// The values are the architecture numbers (__NPU_ARCH__); code only compares them.
enum class NpuArch : uint32_t {
  DAV_1001 = 1001,
  DAV_2002 = 2002,
  DAV_2201 = 2201,
  DAV_3002 = 3002,
  DAV_3102 = 3102,
  DAV_3510 = 3510,
  DAV_5102 = 5102,
  DAV_RESV = 0xFFFFFFFFu
};

namespace platform_ascendc {
enum class CoreMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, FB = 7, BT = 8, RESERVED };
enum class SocVersion {
  ASCEND910 = 0,
  ASCEND910B,
  ASCEND310P,
  ASCEND310B,
  ASCEND950,
  ASCEND910_55,
  ASCEND910_95 = ASCEND950,
  ASCEND031,
  ASCEND035,
  ASCEND310,
  ASCEND610,
  ASCEND610Lite,
  ASCEND910_93,
  ASCEND350,
  RESERVED_VERSION = 99999
};
enum class ReservedSize { RESERVED_SIZE_8K, RESERVED_SIZE_16K, RESERVED_SIZE_32K };
class PlatformAscendC {
public:
  PlatformAscendC() = delete;
  explicit PlatformAscendC(fe::PlatFormInfos *platformInfo) : platformInfo_(platformInfo) {}
  uint32_t GetCoreNum() const;    // modelled: a platform input
  uint32_t GetCoreNumAic() const; // modelled
  uint32_t GetCoreNumAiv() const; // modelled
  uint32_t GetCoreNumVector() const;
  uint32_t CalcTschBlockDim(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const;
  uint32_t CalcTschNumBlocks(uint32_t sliceNum, uint32_t aicCoreNum, uint32_t aivCoreNum) const;
  uint32_t GetLibApiWorkSpaceSize() const;
  uint32_t GetResCubeGroupWorkSpaceSize() const;
  uint32_t GetResGroupBarrierWorkSpaceSize() const;
  void GetCoreMemSize(const CoreMemType &memType, uint64_t &size) const; // modelled from the target
  void GetCoreMemBw(const CoreMemType &memType, uint64_t &bwSize) const;
  SocVersion GetSocVersion() const; // modelled from the target
  NpuArch GetCurNpuArch() const;    // modelled from the target
  uint32_t GetVecRegLen() const;
  void ReserveLocalMemory(ReservedSize size);
  fe::PlatFormInfos *GetPlatFormInfo() const { return platformInfo_; }

private:
  fe::PlatFormInfos *platformInfo_;
};
class PlatformAscendCManager {
public:
  static PlatformAscendC *GetInstance();
  static PlatformAscendC *GetInstance(const char *customSocVersion);
};
} // namespace platform_ascendc

// Registration: the interpreter starts at the function given to Tiling().
namespace optiling {
class OpImplRegisterV2 {
public:
  explicit OpImplRegisterV2(const char *opType);
  using TilingFn = ge::graphStatus (*)(gert::TilingContext *);
  OpImplRegisterV2 &Tiling(TilingFn f, size_t maxTilingSize = 2048);
  template <class CompileInfo, class Fn>
  OpImplRegisterV2 &TilingParse(Fn f);
  template <class Fn>
  OpImplRegisterV2 &TilingParse(Fn f);
  template <class Fn>
  OpImplRegisterV2 &InferShape(Fn f);
  template <class Fn>
  OpImplRegisterV2 &InferDataType(Fn f);
  OpImplRegisterV2 &TilingInputsDataDependency(...);
  OpImplRegisterV2 &TilingInputsDataDependency(std::initializer_list<int32_t> inputs);
  template <class Fn>
  OpImplRegisterV2 &PrivateAttr(const char *, Fn);
  // The key of the op's compiled-kernel cache (ops-math mem_set_v2): no tiling value.
  template <class Fn>
  OpImplRegisterV2 &GenSimplifiedKey(Fn f);
};
} // namespace optiling
#define ALINT_HOST_CAT2(a, b) a##b
#define ALINT_HOST_CAT(a, b) ALINT_HOST_CAT2(a, b)
#define IMPL_OP_OPTILING(op) \
  static ::optiling::OpImplRegisterV2 ALINT_HOST_CAT(alint_op_impl_, __COUNTER__) = ::optiling::OpImplRegisterV2(#op)
#define IMPL_OP(op) IMPL_OP_OPTILING(op)
#define IMPL_OP_INFERSHAPE(op) IMPL_OP_OPTILING(op)

// The OpDef (op_def_registry.h) as far as op_host files written in one piece
// with their tiling function use it.
namespace ops {
class OpParamDef {
public:
  OpParamDef &ParamType(int);
  template <class L>
  OpParamDef &DataType(L);
  OpParamDef &DataType(std::initializer_list<ge::DataType>);
  OpParamDef &Format(std::initializer_list<ge::Format>);
  OpParamDef &UnknownShapeFormat(std::initializer_list<ge::Format>);
  OpParamDef &DataTypeList(std::initializer_list<ge::DataType>);
  OpParamDef &FormatList(std::initializer_list<ge::Format>);
  OpParamDef &AutoContiguous();
  OpParamDef &ValueDepend(int);
  OpParamDef &IgnoreContiguous();
  // asc-devkit docs/zh/api/Utils-API/原型注册与管理/OpParamDef/*.md
  OpParamDef &Scalar();
  OpParamDef &ScalarList();
  OpParamDef &To(const ge::DataType type);
  OpParamDef &To(const char *name);
  OpParamDef &Follow(const char *paramName);
  OpParamDef &OutputShapeDependOnCompute();
  OpParamDef &Version(uint32_t version);
  OpParamDef &DataTypeForBinQuery(std::vector<ge::DataType> types);
  OpParamDef &FormatForBinQuery(std::vector<ge::Format> formats);
  OpParamDef &InitValue(uint64_t value);
  OpParamDef &Comment(const char *comment);
};
class OpAttrDef {
public:
  OpAttrDef &AttrType(int);
  OpAttrDef &Int(int64_t = 0);
  OpAttrDef &Float(float = 0);
  OpAttrDef &Bool(bool = false);
  OpAttrDef &String(const char * = "");
  OpAttrDef &ListInt(std::initializer_list<int64_t> = {});
};
class OpAICoreConfig {
public:
  OpAICoreConfig &DynamicCompileStaticFlag(bool);
  OpAICoreConfig &DynamicFormatFlag(bool);
  OpAICoreConfig &DynamicRankSupportFlag(bool);
  OpAICoreConfig &DynamicShapeSupportFlag(bool);
  OpAICoreConfig &NeedCheckSupportFlag(bool);
  OpAICoreConfig &PrecisionReduceFlag(bool);
  OpAICoreConfig &ExtendCfgInfo(const char *, const char *);
  OpParamDef &Input(const char *);
  OpParamDef &Output(const char *);
};
class OpAICoreDef {
public:
  template <class F>
  OpAICoreDef &SetTiling(F);
  template <class F>
  OpAICoreDef &SetCheckSupport(F);
  OpAICoreDef &AddConfig(const char *);
  OpAICoreDef &AddConfig(const char *, OpAICoreConfig &);
};
class OpDef {
public:
  explicit OpDef(const char *name);
  OpParamDef &Input(const char *);
  OpParamDef &Output(const char *);
  OpAttrDef &Attr(const char *);
  OpAICoreDef &AICore();
  template <class F>
  OpDef &SetInferShape(F);
  template <class F>
  OpDef &SetInferDataType(F);
  OpDef &SetInferShapeRange(...);
};
enum { REQUIRED = 0, OPTIONAL = 1, DYNAMIC = 2 };
} // namespace ops
#define OP_ADD(opType, ...) static int ALINT_HOST_CAT(alint_op_add_, __COUNTER__) = 0

// Logging and checks (ops-base log/log.h): a failed check returns.
namespace alint_host {
template <class... A>
inline void log(A &&...) {}
} // namespace alint_host
// Branch hints (asc-devkit impl/basic_api/utils/kernel_utils_macros.h:30-33:
// __builtin_expect(!!(x), 1/0)): the value is !!(x), the hint changes nothing.
#ifndef likely
#define likely(x) (!!(x))
#endif
#ifndef unlikely
#define unlikely(x) (!!(x))
#endif
#define OP_LOGE(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGW(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGI(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGD(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_WITH_INVALID_ATTR(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_WITH_INVALID_INPUT_SHAPESIZE(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_DTYPE(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_SHAPE(...) ::alint_host::log(__VA_ARGS__)
// The ops-base error-report forms (log/log.h): messages only.
#define OP_LOGE_FOR_INVALID_DTYPES_WITH_REASON(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_DTYPE_WITH_REASON(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_FORMAT(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_FORMATS_WITH_REASON(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_LISTSIZE(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_SHAPEDIM(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_SHAPEDIMS_WITH_REASON(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_SHAPEDIM_WITH_REASON(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_SHAPESIZE(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_SHAPESIZES_WITH_REASON(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_SHAPESIZE_WITH_REASON(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_SHAPES_WITH_REASON(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_SHAPE_WITH_REASON(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_STRIDE(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_TENSORNUM(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_TENSORNUMS_WITH_REASON(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_VALUE(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_VALUES_WITH_REASON(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_FOR_INVALID_VALUE_WITH_REASON(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_WITHOUT_REPORT(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_WITH_INVALID_INPUT(...) ::alint_host::log(__VA_ARGS__)
#define OP_LOGE_WITH_INVALID_INPUT_DTYPE(...) ::alint_host::log(__VA_ARGS__)
#define VECTOR_INNER_ERR_REPORT_TILIING(...) ::alint_host::log(__VA_ARGS__)
#define OP_CHECK_IF(cond, log_func, expr) \
  do {                                    \
    if (cond) {                           \
      log_func;                           \
      expr;                               \
    }                                     \
  } while (0)
#define OP_TILING_CHECK(cond, log_func, expr) OP_CHECK_IF(cond, log_func, expr)
#define OP_CHECK_NULL_WITH_CONTEXT(context, ptr) \
  do {                                           \
    if ((ptr) == nullptr) {                      \
      return ge::GRAPH_FAILED;                   \
    }                                            \
  } while (0)
#define OPS_CHECK_NULL_WITH_CONTEXT(context, ptr) OP_CHECK_NULL_WITH_CONTEXT(context, ptr)
#define OP_CHECK_NULL_WITH_CONTEXT_RET(context, ptr, ret) \
  do {                                                    \
    if ((ptr) == nullptr) {                               \
      return ret;                                         \
    }                                                     \
  } while (0)

// ops-base util/math_util.h and util/platform_util.h: plain arithmetic,
// interpreted as written.
namespace Ops {
namespace Base {
template <class T, class U>
inline T CeilDiv(T a, U b) {
  return b == 0 ? a : (a + b - 1) / b;
}
template <class T, class U>
inline T FloorDiv(T a, U b) {
  return b == 0 ? a : a / b;
}
template <class T, class U>
inline T CeilAlign(T a, U b) {
  return b == 0 ? a : (a + b - 1) / b * b;
}
template <class T, class U>
inline T FloorAlign(T a, U b) {
  return b == 0 ? a : a / b * b;
}
// Half-precision host types (ops-base fp16_t.h / bfloat16.h), read from a
// constant input's data and converted to float (ops-math drop_out_do_mask_v3's
// keep probability). Not modelled: floating-point values are not tracked.
struct fp16_t {
  fp16_t();
  fp16_t(float v);
  operator float() const;
};
struct bfloat16 {
  bfloat16();
  bfloat16(float v);
  operator float() const;
};
// A scalar's shape viewed as [1]; the reader's dimensions are free values, so
// the shape itself stands for both.
inline const gert::Shape &EnsureNotScalar(const gert::Shape &shape) { return shape; }
// The UB block is 32 bytes on every supported chip (hardware.md §2.1).
inline uint32_t GetUbBlockSize(gert::TilingContext *) { return 32; }
inline uint32_t GetUbBlockSize(gert::TilingParseContext *) { return 32; }
// Modelled as PlatformAscendC::GetCoreNumAiv / GetCoreMemSize(UB).
uint32_t GetAivCoreNum(gert::TilingContext *context);
uint64_t GetUbSize(gert::TilingContext *context);
// The vector register's size in bytes: 256 on the Ascend 950 (VL, hardware.md
// C20, seed S003 §4.3); other targets: unknown. The cache line: not modelled.
uint32_t GetVRegSize(const gert::TilingContext *context);
// Also asked of the parse context (ops-math arg_common_base_tiling.cpp).
uint32_t GetVRegSize(const gert::TilingParseContext *context);
uint32_t GetCacheLineSize(const gert::TilingContext *context);
// Also asked of the parse context (ops-math expand's TilingPrepare).
uint32_t GetCacheLineSize(const gert::TilingParseContext *context);
// The value of a constant input tensor (ops-base op_util.h: false when the
// input is not constant). Bodyless: the reader havocs `value`, a free input.
template <class T>
bool GetConstInt(gert::TilingContext *context, const int64_t const_input_idx, T &value);
// A constant input's values as a shape (ops-base op_util.h). Not modelled:
// the shape it fills is not read again (its reads are unknown).
template <class C = gert::TilingContext, class S>
bool GetConstIntToShape(C *context, const int64_t const_idx, S &shape);
std::string ToString(const gert::Shape &shape);
std::string ToString(const gert::Shape *shape);
// Whether the chip is a register-based (RegBase) architecture: the Ascend 950
// (DAV_3510) of the supported targets. Modelled from the target. Also asked
// of the parse context in TilingPrepare functions (ops-math floor_mod, mod,
// is_inf, masked_select_v3).
bool IsRegbaseSocVersion(const gert::TilingContext *context);
bool IsRegbaseSocVersion(const gert::TilingParseContext *context);
// The name of a data type or format, for messages (ops-base util; no value
// the reader uses).
std::string ToString(ge::DataType dt);
std::string ToString(ge::Format format);
// The most SIMT threads a block may run (ops-math batch_to_space_nd, im2col).
// Bodyless: its value is not known (a host value the reader does not model).
uint32_t GetSimtMaxThreadNum(const gert::TilingContext *context);
} // namespace Base
} // namespace Ops

// A graph shape (graph/tensor.h), as the adv API's tiling helpers take it.
// Not modelled: its dimensions are unknown to the reader.
namespace ge {
class Shape {
public:
  Shape();
  explicit Shape(const std::vector<int64_t> &dims);
  size_t GetDimNum() const;
  int64_t GetDim(size_t idx) const;
  int64_t GetShapeSize() const;
};
} // namespace ge

// `using namespace AscendC;` in host files (the kernel API's namespace), and
// the high-level (adv) API's tiling helpers host files call for the size of
// a temporary buffer (asc-devkit include/adv_api/sort/sort_tiling_intf.h,
// include/adv_api/utils/types.h). Not modelled: their results, and what they
// write through their reference arguments, are unknown values.
namespace AscendC {
using TensorShape = ge::Shape;
using TensorDataType = ge::DataType;
enum class SortType { RADIX_SORT, MERGE_SORT };
struct SortConfig {
  SortType type = SortType::RADIX_SORT;
  bool isDescend = false;
  bool hasSrcIndex = false;
  bool hasDstIndex = false;
};
uint32_t GetConcatTmpSize(const platform_ascendc::PlatformAscendC &ascendcPlatform, const uint32_t elemCount,
                          const uint32_t dataTypeSize);
uint32_t GetSortTmpSize(const platform_ascendc::PlatformAscendC &ascendcPlatform, const uint32_t elemCount,
                        const uint32_t dataTypeSize);
void GetSortMaxMinTmpSize(const TensorShape &srcShape, TensorDataType valueType, TensorDataType indexType,
                          bool isReuseSource, const SortConfig &config, uint32_t &maxValue, uint32_t &minValue);
} // namespace AscendC

// Tiling keys from template arguments (ascendc/host_api/tiling/template_argument.h):
// the key is not modelled (an unknown value); the declarations are empty.
namespace alint_host {
template <class... A>
uint64_t tpl_tiling_key(A...);
} // namespace alint_host
#define GET_TPL_TILING_KEY(...) ::alint_host::tpl_tiling_key(__VA_ARGS__)
#define ASCENDC_TPL_ARGS_DECL(...)
#define ASCENDC_TPL_SEL(...)
// As template_argument.h defines it: the key of the template arguments.
#define ASCENDC_TPL_SEL_PARAM(context, ...)                                                                            \
  do {                                                                                                                 \
    uint64_t alintTplKey = GET_TPL_TILING_KEY(__VA_ARGS__);                                                            \
    (context)->SetTilingKey(alintTplKey);                                                                              \
  } while (0)

// securec
typedef int errno_t;
#ifndef EOK
#define EOK 0
#endif
int memset_s(void *dest, size_t destMax, int c, size_t count);
int memcpy_s(void *dest, size_t destMax, const void *src, size_t count);
int strcat_s(char *dest, size_t destMax, const char *src);
int strcpy_s(char *dest, size_t destMax, const char *src);
int sprintf_s(char *dest, size_t destMax, const char *format, ...);
int snprintf_s(char *dest, size_t destMax, size_t count, const char *format, ...);

// The host TilingData definition macros (register/tilingdata_base.h): fields
// start at zero (the real TilingDef clears its buffer), setters write the field.
#define BEGIN_TILING_DATA_DEF(className) \
  class className {                      \
  public:
#define TILING_DATA_FIELD_DEF(fieldType, fieldName)              \
  fieldType fieldName = 0;                                       \
  void set_##fieldName(fieldType value) { fieldName = value; }   \
  fieldType get_##fieldName() const { return fieldName; }
#define TILING_DATA_FIELD_DEF_ARR(fieldType, arrSize, fieldName) \
  fieldType fieldName[arrSize] = {};                             \
  void set_##fieldName(const fieldType *value) {                 \
    for (size_t i = 0; i < (arrSize); ++i)                       \
      fieldName[i] = value[i];                                   \
  }                                                              \
  const fieldType *get_##fieldName() const { return fieldName; }
#define TILING_DATA_FIELD_DEF_STRUCT(structType, fieldName) structType fieldName;
#define END_TILING_DATA_DEF                                  \
  void SaveToBuffer(void *buffer, size_t capacity) const;    \
  size_t GetDataSize() const;                                \
  }
#define REGISTER_TILING_DATA_CLASS(opType, className)

// Direct launches (acl/acl.h): device memory and copies.
typedef int aclError;
typedef void *aclrtStream;
typedef void *aclrtContext;
enum aclrtMemMallocPolicy { ACL_MEM_MALLOC_HUGE_FIRST = 0, ACL_MEM_MALLOC_HUGE_ONLY = 1, ACL_MEM_MALLOC_NORMAL_ONLY = 2 };
enum aclrtMemcpyKind {
  ACL_MEMCPY_HOST_TO_HOST = 0,
  ACL_MEMCPY_HOST_TO_DEVICE = 1,
  ACL_MEMCPY_DEVICE_TO_HOST = 2,
  ACL_MEMCPY_DEVICE_TO_DEVICE = 3
};
#define ACL_SUCCESS 0
aclError aclInit(const char *configPath);
aclError aclFinalize();
aclError aclrtSetDevice(int32_t deviceId);
aclError aclrtResetDevice(int32_t deviceId);
aclError aclrtCreateStream(aclrtStream *stream);
aclError aclrtDestroyStream(aclrtStream stream);
aclError aclrtSynchronizeStream(aclrtStream stream);
aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy);
aclError aclrtMallocHost(void **hostPtr, size_t size);
aclError aclrtFree(void *devPtr);
aclError aclrtFreeHost(void *hostPtr);
aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind);
