// ascendc-lint bundled AscendC API: the Matmul high-level API — MatmulType,
// MatmulConfig and the CFG_* configurations, the Matmul object interface, and
// REGIST_MATMUL_OBJ. Declarations only (the config builders are constexpr
// helpers that only fill a struct).
//
// Real kernels name these both `AscendC::MatmulType` and `matmul::MatmulType`:
// upstream declares them in AscendC and aliases `namespace matmul = AscendC;`,
// and so does this header.
//
// Mirrors (interface only; written for this project):
//   mirror-cann/asc-devkit include/adv_api/matmul/matmul_intf.h   (Matmul alias, REGIST_MATMUL_OBJ)
//   mirror-cann/asc-devkit include/adv_api/matmul/matmul.h        (MatmulImpl interface)
//   mirror-cann/asc-devkit include/adv_api/matmul/matmul_config.h (MatmulConfig)
//   mirror-cann/asc-devkit include/adv_api/matmul/tiling.h        (GetNormalConfig, CFG_NORM, ...)
//   mirror-cann/asc-devkit impl/adv_api/detail/matmul/utils/matmul_type_def.h (MatmulType)
#pragma once

#include "ascendc_lint/tpipe.h"
#include "kernel_tiling/kernel_tiling.h"

// ascendc-lint: declarations are never defined, so uses through internal-linkage
// template arguments (e.g. a kernel's own constexpr MatmulConfig) must not warn.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

// ---- layouts and modes (global namespace upstream; not visible through kernel_operator.h) ----
enum class CubeFormat {
    ND = 0,
    NZ,
    ZN,
    ZZ,
    NN,
    ND_ALIGN,
    SCALAR,
    VECTOR,
    ROW_MAJOR = ND,
    COLUMN_MAJOR = 8,
};

enum class LayoutMode {
    NONE = 0,
    BSNGD,
    SBNGD,
    BNGS1S2,
    NORMAL,
};

enum class BatchMode {
    NONE = 0,
    BATCH_LESS_THAN_L1,
    BATCH_LARGE_THAN_L1,
    SINGLE_LARGE_THAN_L1,
};

enum BatchOutMode {
    SINGLE_BATCH = 0,
    MULTI_BATCH,
    DYNAMIC,
};

enum class IterateOrder {
    ORDER_M = 0,
    ORDER_N,
    UNDEF,
};

enum class ScheduleType {
    INNER_PRODUCT = 0,
    OUTER_PRODUCT,
};

enum IterateMode : uint8_t {
    ITERATE_MODE_NORMAL = 0b00000001,
    ITERATE_MODE_ALL = 0b00000010,
    ITERATE_MODE_BATCH = 0b00000100,
    ITERATE_MODE_N_BATCH = 0b00001000,
    ITERATE_MODE_DEFAULT = 0b11111111,
};

enum class DecompressionMode {
    DECOMP_NONE = 0b0000,
    DECOMP_2bitTo8bit = 0b0001,
    DECOMP_3bitTo8bit = 0b0010,
    DECOMP_4bitTo8bit = 0b0011,
    DECOMP_16bitTo64bit = 0b100,
    DECOMP_1bitTo8bit = 0b0101,
    DECOMP_1bitTo4bit = 0b0110,
    DECOMP_2bitTo4bit = 0b0111,
    DECOMP_3bitTo4bit = 0b1000,
};

enum class MatmulConfigMode { CONFIG_NORM, CONFIG_MDL, CONFIG_SPECIALMDL, CONFIG_IBSHARE };

// Template configuration of a Matmul object (global namespace, like upstream).
struct MatmulConfig {
    bool doNorm;
    bool doBasicBlock;
    bool doMultiDataLoad;
    uint32_t basicM;
    uint32_t basicN;
    uint32_t basicK;
    bool intrinsicsCheck;
    bool isNBatch;
    bool enVecND2NZ;
    bool doSpecialBasicBlock;
    uint32_t doMTE2Preload;
    uint32_t singleCoreM;
    uint32_t singleCoreN;
    uint32_t singleCoreK;
    uint32_t stepM;
    uint32_t stepN;
    uint32_t baseMN;
    uint32_t singleCoreMN;
    bool enUnitFlag = true;
    bool isPerTensor;
    bool hasAntiQuantOffset;
    bool doIBShareNorm;
    bool doSpecialMDL;
    bool enableInit = true;
    BatchMode batchMode;
    bool enableEnd = true;
    bool enableGetTensorC = true;
    bool enableSetOrgShape = true;
    bool enableSetBias = true;
    bool enableSetTail = true;
    bool enableQuantVector = true;
    bool enableSetDefineData = true;
    uint8_t iterateMode = IterateMode::ITERATE_MODE_DEFAULT;
    bool enableReuse = true;
    bool enableUBReuse;
    bool enableL1CacheUB;
    bool intraBlockPartSum = false;
    IterateOrder iterateOrder{IterateOrder::UNDEF};
    ScheduleType scheduleType;
    bool enableDoubleCache;
    bool isBiasBatch = true;
    bool enableStaticPadZeros = false;
    bool isPartialOutput = false;
    bool enableMixDualMaster = false;
    bool isA2B2Shared = false;
    bool isEnableChannelSplit = false;
    bool enableKdimReorderLoad = false;
    bool isCO1Shared = false;
    uint32_t sharedCO1BufferSize = 64 * 1024;
    BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
    bool enableL1BankConflictOptimise = false;
    bool enableRelu = false;
    DecompressionMode decompMode = DecompressionMode::DECOMP_NONE;
};

namespace ascendc_lint_matmul_detail {
__aicore__ constexpr MatmulConfig BaseConfig()
{
    MatmulConfig c{};
    c.enUnitFlag = true;
    c.enableInit = true;
    c.batchMode = BatchMode::BATCH_LESS_THAN_L1;
    c.enableEnd = true;
    c.enableGetTensorC = true;
    c.enableSetOrgShape = true;
    c.enableSetBias = true;
    c.enableSetTail = true;
    c.enableQuantVector = true;
    c.enableSetDefineData = true;
    c.iterateMode = IterateMode::ITERATE_MODE_DEFAULT;
    c.enableReuse = true;
    c.iterateOrder = IterateOrder::UNDEF;
    c.scheduleType = ScheduleType::INNER_PRODUCT;
    c.isBiasBatch = true;
    c.sharedCO1BufferSize = 64 * 1024;
    c.bmmOutMode = BatchOutMode::SINGLE_BATCH;
    c.decompMode = DecompressionMode::DECOMP_NONE;
    return c;
}
} // namespace ascendc_lint_matmul_detail

// Config builders: which template (Norm / MDL / SpecialMDL / BasicBlock /
// IBShare) and the switches a kernel passes. Only the template-selecting
// fields and the arguments are recorded.
__aicore__ constexpr MatmulConfig GetNormalConfig(
    const bool intrinsicsLimit = false, const bool batchLoop = false, const bool isVecND2NZ = false,
    const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1, const bool isMsgReuse = true,
    const IterateOrder iterateOrder = IterateOrder::UNDEF,
    const ScheduleType scheduleType = ScheduleType::INNER_PRODUCT, const bool enUnitFlag = true,
    const bool enableMixDualMaster = false, const BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH)
{
    MatmulConfig c = ascendc_lint_matmul_detail::BaseConfig();
    c.doNorm = true;
    c.intrinsicsCheck = intrinsicsLimit;
    c.isNBatch = batchLoop;
    c.enVecND2NZ = isVecND2NZ;
    c.batchMode = bmmMode;
    c.enableReuse = isMsgReuse;
    c.iterateOrder = iterateOrder;
    c.scheduleType = scheduleType;
    c.enUnitFlag = enUnitFlag;
    c.enableMixDualMaster = enableMixDualMaster;
    c.bmmOutMode = bmmOutMode;
    return c;
}

__aicore__ constexpr MatmulConfig GetMDLConfig(
    const bool intrinsicsLimit = false, const bool batchLoop = false, const uint32_t doMTE2Preload = 0,
    const bool isVecND2NZ = false, bool isPerTensor = false, bool hasAntiQuantOffset = false,
    const bool enUnitFlag = false, const bool isMsgReuse = true, const bool enableUBReuse = true,
    const bool enableL1CacheUB = false, const bool enableMixDualMaster = false,
    const bool enableKdimReorderLoad = false, const bool enableL1BankConflictOptimise = false)
{
    MatmulConfig c = ascendc_lint_matmul_detail::BaseConfig();
    c.doMultiDataLoad = true;
    c.intrinsicsCheck = intrinsicsLimit;
    c.isNBatch = batchLoop;
    c.doMTE2Preload = doMTE2Preload;
    c.enVecND2NZ = isVecND2NZ;
    c.isPerTensor = isPerTensor;
    c.hasAntiQuantOffset = hasAntiQuantOffset;
    c.enUnitFlag = enUnitFlag;
    c.enableReuse = isMsgReuse;
    c.enableUBReuse = enableUBReuse;
    c.enableL1CacheUB = enableL1CacheUB;
    c.enableMixDualMaster = enableMixDualMaster;
    c.enableKdimReorderLoad = enableKdimReorderLoad;
    c.enableL1BankConflictOptimise = enableL1BankConflictOptimise;
    return c;
}

__aicore__ constexpr MatmulConfig GetSpecialMDLConfig(
    const bool intrinsicsLimit = false, const bool batchLoop = false, const uint32_t doMTE2Preload = 0,
    const bool isVecND2NZ = false, bool isPerTensor = false, bool hasAntiQuantOffset = false)
{
    MatmulConfig c = ascendc_lint_matmul_detail::BaseConfig();
    c.doSpecialMDL = true;
    c.intrinsicsCheck = intrinsicsLimit;
    c.isNBatch = batchLoop;
    c.doMTE2Preload = doMTE2Preload;
    c.enVecND2NZ = isVecND2NZ;
    c.isPerTensor = isPerTensor;
    c.hasAntiQuantOffset = hasAntiQuantOffset;
    return c;
}

__aicore__ constexpr MatmulConfig GetBasicConfig(const uint32_t basicM, const uint32_t basicN, const uint32_t basicK,
                                                 const bool intrinsicsLimit = false, const bool batchLoop = false,
                                                 const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1)
{
    MatmulConfig c = ascendc_lint_matmul_detail::BaseConfig();
    c.doBasicBlock = true;
    c.basicM = basicM;
    c.basicN = basicN;
    c.basicK = basicK;
    c.intrinsicsCheck = intrinsicsLimit;
    c.isNBatch = batchLoop;
    c.batchMode = bmmMode;
    return c;
}

__aicore__ constexpr MatmulConfig GetIBShareNormConfig(
    const bool intrinsicsLimit = false, const bool batchLoop = false, const bool isVecND2NZ = false,
    const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1, const bool isDoubleCache = false,
    const bool enUnitFlag = true)
{
    MatmulConfig c = ascendc_lint_matmul_detail::BaseConfig();
    c.doIBShareNorm = true;
    c.intrinsicsCheck = intrinsicsLimit;
    c.isNBatch = batchLoop;
    c.enVecND2NZ = isVecND2NZ;
    c.batchMode = bmmMode;
    c.enableDoubleCache = isDoubleCache;
    c.enUnitFlag = enUnitFlag;
    return c;
}

// Parameter groups of GetMMConfig.
struct MatmulShapeParams {
    uint32_t singleCoreM;
    uint32_t singleCoreN;
    uint32_t singleCoreK;
    uint32_t basicM;
    uint32_t basicN;
    uint32_t basicK;
};
struct MatmulQuantParams {
    bool isPerTensor;
    bool hasAntiQuantOffset;
};
struct MatmulBatchParams {
    bool isNBatch;
    BatchMode batchMode;
    bool isBiasBatch = true;
    BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
};
struct MatmulFuncParams {
    bool intrinsicsCheck;
    bool enVecND2NZ;
    bool enableDoubleCache;
    bool enableL1CacheUB;
    uint32_t doMTE2Preload;
    IterateOrder iterateOrder;
    ScheduleType scheduleType;
    bool enableReuse = true;
    bool enableUBReuse;
    bool isPartialOutput = false;
    bool isA2B2Shared = false;
    bool isEnableChannelSplit = false;
    bool enableKdimReorderLoad = false;
    bool enableL1BankConflictOptimise = false;
    bool enableRelu = false;
    DecompressionMode decompMode = DecompressionMode::DECOMP_NONE;
};
struct MatmulBiasParams {
    bool enableSetBias = true;
};

constexpr MatmulConfig CFG_NORM = GetNormalConfig();
constexpr MatmulConfig CFG_MDL = GetMDLConfig();
constexpr MatmulConfig MM_CFG_BB = GetBasicConfig(128, 128, 128);
constexpr MatmulConfig CFG_IBSHARE_NORM = GetIBShareNormConfig();

namespace ascendc_lint_matmul_detail {
__aicore__ constexpr void Apply(MatmulConfig& c, const MatmulShapeParams& p)
{
    c.singleCoreM = p.singleCoreM;
    c.singleCoreN = p.singleCoreN;
    c.singleCoreK = p.singleCoreK;
    c.basicM = p.basicM;
    c.basicN = p.basicN;
    c.basicK = p.basicK;
}
__aicore__ constexpr void Apply(MatmulConfig& c, const MatmulQuantParams& p)
{
    c.isPerTensor = p.isPerTensor;
    c.hasAntiQuantOffset = p.hasAntiQuantOffset;
}
__aicore__ constexpr void Apply(MatmulConfig& c, const MatmulBatchParams& p)
{
    c.isNBatch = p.isNBatch;
    c.batchMode = p.batchMode;
    c.isBiasBatch = p.isBiasBatch;
    c.bmmOutMode = p.bmmOutMode;
}
__aicore__ constexpr void Apply(MatmulConfig& c, const MatmulFuncParams& p)
{
    c.intrinsicsCheck = p.intrinsicsCheck;
    c.enVecND2NZ = p.enVecND2NZ;
    c.enableDoubleCache = p.enableDoubleCache;
    c.enableL1CacheUB = p.enableL1CacheUB;
    c.doMTE2Preload = p.doMTE2Preload;
    c.iterateOrder = p.iterateOrder;
    c.scheduleType = p.scheduleType;
    c.enableReuse = p.enableReuse;
    c.enableUBReuse = p.enableUBReuse;
    c.isPartialOutput = p.isPartialOutput;
    c.isA2B2Shared = p.isA2B2Shared;
    c.isEnableChannelSplit = p.isEnableChannelSplit;
    c.enableKdimReorderLoad = p.enableKdimReorderLoad;
    c.enableL1BankConflictOptimise = p.enableL1BankConflictOptimise;
    c.enableRelu = p.enableRelu;
    c.decompMode = p.decompMode;
}
__aicore__ constexpr void Apply(MatmulConfig& c, const MatmulBiasParams& p)
{
    c.enableSetBias = p.enableSetBias;
}
} // namespace ascendc_lint_matmul_detail

// A config of one template with parameter groups applied in order.
template <MatmulConfigMode configMode, typename... ArgTypes>
__aicore__ constexpr MatmulConfig GetMMConfig(ArgTypes&&... args)
{
    MatmulConfig c = configMode == MatmulConfigMode::CONFIG_MDL          ? GetMDLConfig()
                     : configMode == MatmulConfigMode::CONFIG_SPECIALMDL ? GetSpecialMDLConfig()
                     : configMode == MatmulConfigMode::CONFIG_IBSHARE    ? GetIBShareNormConfig()
                                                                         : GetNormalConfig();
    (ascendc_lint_matmul_detail::Apply(c, args), ...);
    return c;
}

// Compile-time ("constant") Matmul tiling: -1 = decided at run time.
struct MatmulApiStaticTiling {
    int32_t usedCoreNum = -1;
    int32_t M = -1;
    int32_t N = -1;
    int32_t Ka = -1;
    int32_t Kb = -1;
    int32_t singleCoreM = -1;
    int32_t singleCoreN = -1;
    int32_t singleCoreK = -1;
    int32_t baseM = -1;
    int32_t baseN = -1;
    int32_t baseK = -1;
    int32_t depthA1 = -1;
    int32_t depthB1 = -1;
    int32_t stepM = -1;
    int32_t stepN = -1;
    int32_t isBias = -1;
    int32_t transLength = -1;
    int32_t iterateOrder = -1;
    int32_t shareMode = -1;
    int32_t shareL1Size = -1;
    int32_t shareL0CSize = -1;
    int32_t shareUbSize = -1;
    int32_t stepKa = -1;
    int32_t stepKb = -1;
    int32_t depthAL1CacheUB = -1;
    int32_t depthBL1CacheUB = -1;
    int32_t dbL0A = -1;
    int32_t dbL0B = -1;
    int32_t dbL0C = -1;
    int32_t ALayoutInfoB = -1;
    int32_t ALayoutInfoS = -1;
    int32_t ALayoutInfoN = -1;
    int32_t ALayoutInfoG = -1;
    int32_t ALayoutInfoD = -1;
    int32_t BLayoutInfoB = -1;
    int32_t BLayoutInfoS = -1;
    int32_t BLayoutInfoN = -1;
    int32_t BLayoutInfoG = -1;
    int32_t BLayoutInfoD = -1;
    int32_t CLayoutInfoB = -1;
    int32_t CLayoutInfoS1 = -1;
    int32_t CLayoutInfoN = -1;
    int32_t CLayoutInfoG = -1;
    int32_t CLayoutInfoS2 = -1;
    int32_t BatchNum = -1;
    int32_t mxTypePara = -1;
    MatmulConfig cfg = CFG_NORM;
};

namespace AscendC {
// Constant tiling derived from a config. Only the config and the single-core
// shape it fixes are recorded; the rest stays -1 (unknown to the linter).
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE>
__aicore__ constexpr MatmulApiStaticTiling GetMatmulApiTiling(const MatmulConfig& mmCFG, int32_t l1Size = 512 * 1024)
{
    MatmulApiStaticTiling tiling;
    tiling.cfg = mmCFG;
    if (mmCFG.singleCoreM != 0) {
        tiling.singleCoreM = static_cast<int32_t>(mmCFG.singleCoreM);
        tiling.singleCoreN = static_cast<int32_t>(mmCFG.singleCoreN);
        tiling.singleCoreK = static_cast<int32_t>(mmCFG.singleCoreK);
    }
    (void)l1Size;
    return tiling;
}
} // namespace AscendC

struct MatrixOffset {
    int32_t offset;
    int32_t row;
    int32_t col;
    int32_t height;
    int32_t width;
};

namespace AscendC {

using ::BatchMode;
using ::CubeFormat;
using ::IterateOrder;
using ::LayoutMode;
using ::ScheduleType;

// Describes one Matmul operand: where it lives, its layout and element type.
template <TPosition POSITION, CubeFormat FORMAT, typename TYPE, bool ISTRANS = false,
          LayoutMode LAYOUT = LayoutMode::NONE, bool IBSHARE = false, TPosition SRCPOS = TPosition::GM>
struct MatmulType {
    constexpr static TPosition pos = POSITION;
    constexpr static CubeFormat format = FORMAT;
    using T = TYPE;
    constexpr static bool isTrans = ISTRANS;
    constexpr static LayoutMode layout = LAYOUT;
    constexpr static bool ibShare = IBSHARE;
    constexpr static TPosition srcPos = SRCPOS;
};

template <TPosition POSITION, TPosition SCALE_POSITION, CubeFormat FORMAT, typename TYPE, bool ISTRANS = false,
          TPosition SRCPOS = TPosition::GM, CubeFormat SCALE_FORMAT = FORMAT, bool SCALE_ISTRANS = ISTRANS,
          TPosition SCALE_SRCPOS = SRCPOS>
struct MatmulTypeWithScale : public MatmulType<POSITION, FORMAT, TYPE, ISTRANS, LayoutMode::NONE, false, SRCPOS> {
    constexpr static TPosition scalePosition = SCALE_POSITION;
    constexpr static CubeFormat scaleFormat = SCALE_FORMAT;
    constexpr static bool isScaleTrans = SCALE_ISTRANS;
    constexpr static TPosition srcScalePos = SCALE_SRCPOS;
};

template <TPosition POSITION, TPosition INDEX_POSITION, CubeFormat FORMAT, typename TYPE, bool ISTRANS = false,
          LayoutMode LAYOUT = LayoutMode::NONE, bool IBSHARE = false>
struct SparseMatmulType : public MatmulType<POSITION, FORMAT, TYPE, ISTRANS, LAYOUT, IBSHARE> {
    constexpr static TPosition indexPosition = INDEX_POSITION;
};

// User callbacks replacing the Matmul data movement (pointers may be null).
template <auto DataCopyOut = nullptr, auto CopyA1 = nullptr, auto CopyB1 = nullptr>
struct MatmulCallBackFunc {
    constexpr static auto DataCopyOutPtr = DataCopyOut;
    constexpr static auto CopyA1Ptr = CopyA1;
    constexpr static auto CopyB1Ptr = CopyB1;
};

// Matmul policies (upstream impl/adv_api/detail/matmul/policy/matmul_policy.h):
// the last template parameter of Matmul is a policy *template*.
namespace Impl {
constexpr int32_t QUEUE_DEPTH = 1;
namespace Detail {
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct MatmulPolicy {};
#define ASCENDC_LINT_MATMUL_POLICY(Name)                                                                        \
    template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE,            \
              typename BIAS_TYPE>                                                                               \
    struct Name : public MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {}
ASCENDC_LINT_MATMUL_POLICY(MatmulWithScalePolicy);
ASCENDC_LINT_MATMUL_POLICY(NBuffer33MatmulPolicy);
ASCENDC_LINT_MATMUL_POLICY(TrianUpperMatmulPolicy);
ASCENDC_LINT_MATMUL_POLICY(TrianLowerMatmulPolicy);
ASCENDC_LINT_MATMUL_POLICY(SplitMMatmulPolicy);
ASCENDC_LINT_MATMUL_POLICY(SplitNMatmulPolicy);
#undef ASCENDC_LINT_MATMUL_POLICY
} // namespace Detail
} // namespace Impl

// L0C accumulation type of an input type.
template <typename T>
struct GetMmDstType {
    using Type = float;
};
template <>
struct GetMmDstType<int8_t> {
    using Type = int32_t;
};
template <>
struct GetMmDstType<int4b_t> {
    using Type = int32_t;
};

// The Matmul object. Upstream `Matmul` is an alias of MatmulImpl,
// MatmulClient or MatmulServiceAux depending on the core; all share this
// interface.
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const auto& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>,
          template <const auto& = MM_CFG, typename...> class MATMUL_POLICY = Impl::Detail::MatmulPolicy>
class MatmulImpl {
public:
    using AType = A_TYPE;
    using BType = B_TYPE;
    using CType = C_TYPE;
    using BiasType = BIAS_TYPE;
    using SrcT = typename A_TYPE::T;
    using SrcAT = typename A_TYPE::T;
    using SrcBT = typename B_TYPE::T;
    using DstT = typename C_TYPE::T;
    using BiasT = typename BIAS_TYPE::T;
    using L0cT = typename GetMmDstType<typename A_TYPE::T>::Type;
    using CallBack = MM_CB;

    __aicore__ MatmulImpl() {}
    __aicore__ void Init(const TCubeTiling* __restrict cubeTiling, TPipe* tpipe = nullptr);
    __aicore__ void SetOrgShape(int orgM, int orgN, int orgK);
    __aicore__ void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0);
    __aicore__ void SetSingleShape(int singleM, int singleN, int singleK);
    __aicore__ void SetTail(int tailM = -1, int tailN = -1, int tailK = -1);
    __aicore__ void SetTensorA(const GlobalTensor<SrcAT>& gm, bool isTransposeA = false);
    __aicore__ void SetTensorB(const GlobalTensor<SrcBT>& gm, bool isTransposeB = false);
    __aicore__ void SetTensorA(const LocalTensor<SrcAT>& leftMatrix, bool isTransposeA = false);
    __aicore__ void SetTensorB(const LocalTensor<SrcBT>& rightMatrix, bool isTransposeB = false);
    __aicore__ void SetTensorA(SrcAT aScalar);
    __aicore__ void SetTensorB(SrcBT bScalar);
    // MX (scaled low-precision) operands: per-block scales, fp8_e8m0.
    using ScaleT = fp8_e8m0_t;
    __aicore__ void SetTensorScaleA(const GlobalTensor<ScaleT>& gm, bool isTransposeScaleA = false);
    __aicore__ void SetTensorScaleA(const LocalTensor<ScaleT>& leftMatrix, bool isTransposeScaleA = false);
    __aicore__ void SetTensorScaleB(const GlobalTensor<ScaleT>& gm, bool isTransposeScaleB = true);
    __aicore__ void SetTensorScaleB(const LocalTensor<ScaleT>& rightMatrix, bool isTransposeScaleB = true);
    __aicore__ void SetBias(const GlobalTensor<BiasT>& biasGlobal);
    __aicore__ void SetBias(const LocalTensor<BiasT>& inputBias);
    __aicore__ void DisableBias();
    __aicore__ void ClearBias();
    template <class T>
    __aicore__ void SetSelfDefineData(T dataPtr);
    __aicore__ void SetUserDefInfo(const uint64_t tilingPtr);
    __aicore__ void SetSparseIndex(const GlobalTensor<uint8_t>& indexGlobal);
    __aicore__ void SetAntiQuantScalar(const SrcT offsetScalar, const SrcT scaleScalar);
    __aicore__ void SetAntiQuantVector(const LocalTensor<SrcT>& offsetTensor, const LocalTensor<SrcT>& scaleTensor);
    __aicore__ void SetQuantScalar(const uint64_t quantScalar);
    __aicore__ void SetQuantVector(const GlobalTensor<uint64_t>& quantTensor);
    __aicore__ void SetQuantVector(const LocalTensor<uint64_t>& quantTensor);
    __aicore__ void SetBatchNum(int32_t batchA, int32_t batchB);
    // One baseM x baseN block of C per call; false when done.
    template <bool sync = true>
    __aicore__ bool Iterate(bool enPartialSum = false);
    template <bool sync = true, typename T>
    __aicore__ bool Iterate(bool enPartialSum, const LocalTensor<T>& localCmatrix);
    // The whole singleCoreM x singleCoreN block of C.
    template <bool sync = true>
    __aicore__ void IterateAll(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                               bool waitIterateAll = false, bool fakeMsg = false);
    template <bool sync = true>
    __aicore__ void IterateAll(const LocalTensor<DstT>& ubCmatrix, uint8_t enAtomic = 0);
    __aicore__ void IterateBatch(const GlobalTensor<DstT>& gm, bool enPartialSum, uint8_t enAtomic,
                                 bool enSequentialWrite, const uint32_t matrixStrideA = 0,
                                 const uint32_t matrixStrideB = 0, const uint32_t matrixStrideC = 0);
    __aicore__ void IterateBatch(const LocalTensor<DstT>& ubCmatrix, bool enPartialSum, uint8_t enAtomic,
                                 bool enSequentialWrite, const uint32_t matrixStrideA = 0,
                                 const uint32_t matrixStrideB = 0, const uint32_t matrixStrideC = 0);
    template <bool sync = true, bool waitIterateBatch = false>
    __aicore__ void IterateNBatch(const uint32_t batchLoop, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                                  const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0,
                                  const uint32_t matrixStrideC = 0);
    template <bool sync = true>
    __aicore__ GlobalTensor<DstT> GetBatchTensorC(uint32_t batchA, uint32_t batchB, bool enSequentialWrite = false);
    template <bool sync = true>
    __aicore__ void GetBatchTensorC(const LocalTensor<DstT>& c, uint32_t batchA, uint32_t batchB,
                                    bool enSequentialWrite = false);
    __aicore__ void WaitIterateAll();
    __aicore__ void WaitIterateBatch();
    template <bool sync = true, bool doPad = false> // matmul_client.h
    __aicore__ void GetTensorC(const LocalTensor<DstT>& co2Local, uint8_t enAtomic = 0,
                               bool enSequentialWrite = false, uint32_t height = 0, uint32_t width = 0,
                               uint32_t srcGap = 0, uint32_t dstGap = 0);
    template <bool sync = true>
    __aicore__ void GetTensorC(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false);
    template <bool sync = true>
    __aicore__ void GetTensorC(const GlobalTensor<DstT>& gm, const LocalTensor<DstT>& co2Local,
                               uint8_t enAtomic = 0, bool enSequentialWrite = false);
    template <bool isTurnOnDebug = true>
    __aicore__ MatrixOffset GetOffsetC();
    __aicore__ void End();
    __aicore__ void SetHF32(bool enableHF32 = false, int32_t transMode = 0);
    __aicore__ void SetSubBlockIdx(uint8_t subBlockIdx);
    __aicore__ uint8_t GetSubBlockIdx();
    template <class T>
    __aicore__ void SetWorkspace(__gm__ const T* addr, int size);
    template <class T>
    __aicore__ void SetWorkspace(GlobalTensor<T>& addr);
    __aicore__ void SetLocalWorkspace(const LocalTensor<uint8_t>& tmpBuffer);

private:
    // ascendc-lint: what the linter follows from one call to the next (not
    // upstream members; written and read only by api/MatmulApi.cpp, so the
    // interpreter merges them across branches and loops like user state).
    const TCubeTiling* alintTiling;
    int32_t alintOrgM, alintOrgN, alintOrgKa, alintOrgKb, alintOrgKc;
    int32_t alintSingleM, alintSingleN, alintSingleK;
    GlobalTensor<SrcAT> alintA;
    GlobalTensor<SrcBT> alintB;
    GlobalTensor<BiasT> alintBias;
    bool alintTransA, alintTransB, alintBiasOn;
    bool alintSyncIter; // the last Iterate was synchronous (matmul_client.h isSyncGetC)
    bool alintWorkspace; // SetWorkspace was called (matmul_client.h cacheWorkspaceAddr)
    int32_t alintId; // index of the object's record (KernelModel::matmuls)
};

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE = C_TYPE, const auto& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>,
          template <const auto& = MM_CFG, typename...> class MATMUL_POLICY = Impl::Detail::MatmulPolicy>
using Matmul = MatmulImpl<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MATMUL_POLICY>;

} // namespace AscendC

// Compatibility name used by many kernels (upstream does the same).
namespace matmul = AscendC;

// REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling[, mm2, &tiling2 ...])
#define REGIST_MATMUL_OBJ(...) ::ascendc_lint::regist_matmul_obj(__VA_ARGS__)
#define REGIST_MATMUL_OBJ_STATIC(...) ::ascendc_lint::regist_matmul_obj(__VA_ARGS__)
#define REGIST_CUBE_OBJ(...) ::ascendc_lint::regist_matmul_obj(__VA_ARGS__)

#pragma clang diagnostic pop
