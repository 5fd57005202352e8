// ascendc-lint bundled AscendC API: the parameter structs of the data-movement,
// vector, cube and fixpipe instructions. Field order, field types, defaults and
// constructor argument order follow the real structs (per chip where they
// differ), because the linter maps constructor arguments to fields and checks
// values against the field widths. Each constructor only stores its arguments.
//
// Mirrors (layout only; written for this project):
//   mirror-cann/asc-devkit include/basic_api/kernel_struct_data_copy.h
//   mirror-cann/asc-devkit include/basic_api/kernel_struct_binary.h, kernel_struct_unary.h,
//                          kernel_struct_brcb.h, kernel_struct_gather.h, kernel_struct_transpose.h
//   mirror-cann/asc-devkit include/basic_api/kernel_struct_mm.h
//   mirror-cann/asc-devkit include/basic_api/kernel_struct_fixpipe.h
//   mirror-cann/asc-devkit impl/basic_api/utils/kernel_utils_struct_dma_params.h
#pragma once

#include "ascendc_lint/types.h"

// ascendc-lint: declarations are never defined, so uses through internal-linkage
// template arguments (e.g. a kernel's own constexpr MatmulConfig) must not warn.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

#if defined(__NPU_ARCH__) && ((__NPU_ARCH__ == 3510) || (__NPU_ARCH__ == 5102))
#define ASCENDC_LINT_ARCH_35XX 1
#else
#define ASCENDC_LINT_ARCH_35XX 0
#endif

namespace AscendC {

// =====================================================================================
// Data movement
// =====================================================================================

// DataCopy (GM<->UB: blockLen and strides in 32-byte blocks) / DataCopyPad
// with these params (blockLen in bytes).
struct DataCopyParams {
    __aicore__ DataCopyParams() {}
    __aicore__ DataCopyParams(const uint16_t count, const uint16_t len, const uint16_t srcStrideIn,
                              const uint16_t dstStrideIn)
        : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn)
    {}
    uint16_t blockCount = DEFAULT_DATA_COPY_NBURST;
    uint16_t blockLen = 0;
    union {
        uint16_t srcGap = 0;
        uint16_t srcStride;
    };
    union {
        uint16_t dstGap = 0;
        uint16_t dstStride;
    };
#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 5102)
    uint8_t fixShiftVal = 0;
#endif
};

// DataCopyPad extended params: blockLen in BYTES; GM-side strides in bytes,
// UB-side strides in 32-byte blocks.
struct DataCopyExtParams {
    __aicore__ DataCopyExtParams() {}
#if ASCENDC_LINT_ARCH_35XX
    __aicore__ DataCopyExtParams(const uint16_t count, const uint32_t len, const int64_t srcStrideIn,
                                 const int64_t dstStrideIn, const uint32_t rsvIn)
#else
    __aicore__ DataCopyExtParams(const uint16_t count, const uint32_t len, const uint32_t srcStrideIn,
                                 const uint32_t dstStrideIn, const uint32_t rsvIn)
#endif
        : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn), rsv(rsvIn)
    {}
    uint16_t blockCount = DEFAULT_DATA_COPY_NBURST;
    uint32_t blockLen = 0;
#if ASCENDC_LINT_ARCH_35XX
    int64_t srcStride = DEFAULT_DATA_COPY_STRIDE;
    int64_t dstStride = DEFAULT_DATA_COPY_STRIDE;
#else
    uint32_t srcStride = DEFAULT_DATA_COPY_STRIDE;
    uint32_t dstStride = DEFAULT_DATA_COPY_STRIDE;
#endif
    uint32_t rsv = 0;
};

struct DataCopyPadParams {
    __aicore__ DataCopyPadParams() {}
    __aicore__ DataCopyPadParams(const bool isPadValue, const uint8_t leftPadValue, const uint8_t rightPadValue,
                                 const uint64_t padValue)
        : isPad(isPadValue), leftPadding(leftPadValue), rightPadding(rightPadValue), paddingValue(padValue)
    {}
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    uint64_t paddingValue = 0;
};

// Left/right padding in elements (each at most 32 bytes).
template <typename T>
struct DataCopyPadExtParams {
    __aicore__ DataCopyPadExtParams() {}
    __aicore__ DataCopyPadExtParams(const bool isPadValue, const uint8_t leftPadValue, const uint8_t rightPadValue,
                                    T padValue)
        : isPad(isPadValue), leftPadding(leftPadValue), rightPadding(rightPadValue), paddingValue(padValue)
    {}
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    T paddingValue = 0;
};

// GM (ND) -> L1 (NZ) conversion.
struct Nd2NzParams {
    __aicore__ Nd2NzParams() {}
#if ASCENDC_LINT_ARCH_35XX
    __aicore__ Nd2NzParams(const uint16_t ndNumIn, const uint16_t nValueIn, const uint32_t dValueIn,
                           const uint64_t srcNdMatrixStrideIn, const uint64_t srcDValueIn,
                           const uint16_t dstNzC0StrideIn, const uint16_t dstNzNStrideIn,
                           const uint32_t dstNzMatrixStrideIn)
#else
    __aicore__ Nd2NzParams(const uint16_t ndNumIn, const uint16_t nValueIn, const uint16_t dValueIn,
                           const uint16_t srcNdMatrixStrideIn, const uint16_t srcDValueIn,
                           const uint16_t dstNzC0StrideIn, const uint16_t dstNzNStrideIn,
                           const uint16_t dstNzMatrixStrideIn)
#endif
        : ndNum(ndNumIn),
          nValue(nValueIn),
          dValue(dValueIn),
          srcNdMatrixStride(srcNdMatrixStrideIn),
          srcDValue(srcDValueIn),
          dstNzC0Stride(dstNzC0StrideIn),
          dstNzNStride(dstNzNStrideIn),
          dstNzMatrixStride(dstNzMatrixStrideIn)
    {}
    uint16_t ndNum = 0;
    uint16_t nValue = 0;
#if ASCENDC_LINT_ARCH_35XX
    uint32_t dValue = 0;
    uint64_t srcNdMatrixStride = 0;
    uint64_t srcDValue = 0;
#else
    uint16_t dValue = 0;
    uint16_t srcNdMatrixStride = 0;
    uint16_t srcDValue = 0;
#endif
    uint16_t dstNzC0Stride = 0;
    uint16_t dstNzNStride = 0;
#if ASCENDC_LINT_ARCH_35XX
    uint32_t dstNzMatrixStride = 0;
#else
    uint16_t dstNzMatrixStride = 0;
#endif
};

// L1/UB (NZ) -> GM (ND).
struct Nz2NdParamsFull {
    __aicore__ Nz2NdParamsFull() {}
    __aicore__ Nz2NdParamsFull(const uint16_t ndNumIn, const uint16_t nValueIn, const uint16_t dValueIn,
                               const uint16_t srcNdMatrixStrideIn, const uint16_t srcNStrideIn,
                               const uint16_t dstDStrideIn, const uint16_t dstNdMatrixStrideIn)
        : ndNum(ndNumIn),
          nValue(nValueIn),
          dValue(dValueIn),
          srcNdMatrixStride(srcNdMatrixStrideIn),
          srcNStride(srcNStrideIn),
          dstDStride(dstDStrideIn),
          dstNdMatrixStride(dstNdMatrixStrideIn)
    {}
    uint16_t ndNum = 1;
    uint16_t nValue = 0;
    uint16_t dValue = 0;
    uint16_t srcNdMatrixStride = 1;
    uint16_t srcNStride = 0;
    uint16_t dstDStride = 0;
    uint16_t dstNdMatrixStride = 1;
};

// GM (DN) -> L1 (NZ), Ascend 950.
struct Dn2NzParams {
    __aicore__ Dn2NzParams() {}
    __aicore__ Dn2NzParams(const uint16_t dnNumIn, const uint16_t nValueIn, const uint32_t dValueIn,
                           const uint64_t srcDnMatrixStrideIn, const uint64_t srcDValueIn,
                           const uint16_t dstNzC0StrideIn, const uint16_t dstNzNStrideIn,
                           const uint32_t dstNzMatrixStrideIn)
        : dnNum(dnNumIn),
          nValue(nValueIn),
          dValue(dValueIn),
          srcDnMatrixStride(srcDnMatrixStrideIn),
          srcDValue(srcDValueIn),
          dstNzC0Stride(dstNzC0StrideIn),
          dstNzNStride(dstNzNStrideIn),
          dstNzMatrixStride(dstNzMatrixStrideIn)
    {}
    uint16_t dnNum = 0;
    uint16_t nValue = 0;
    uint32_t dValue = 0;
    uint64_t srcDnMatrixStride = 0;
    uint64_t srcDValue = 0;
    uint16_t dstNzC0Stride = 0;
    uint16_t dstNzNStride = 0;
    uint32_t dstNzMatrixStride = 0;
};

// Loop mode of the GM<->UB DMA (SetLoopModePara), Ascend 950.
struct LoopModeParams {
    __aicore__ LoopModeParams() {}
    __aicore__ LoopModeParams(const uint32_t loop1SizeIn, const uint32_t loop2SizeIn, const uint64_t loop1SrcStrideIn,
                              const uint64_t loop1DstStrideIn, const uint64_t loop2SrcStrideIn,
                              const uint64_t loop2DstStrideIn)
        : loop1Size(loop1SizeIn),
          loop2Size(loop2SizeIn),
          loop1SrcStride(loop1SrcStrideIn),
          loop1DstStride(loop1DstStrideIn),
          loop2SrcStride(loop2SrcStrideIn),
          loop2DstStride(loop2DstStrideIn)
    {}
    uint32_t loop1Size = 0;
    uint32_t loop2Size = 0;
    uint64_t loop1SrcStride = 0;
    uint64_t loop1DstStride = 0;
    uint64_t loop2SrcStride = 0;
    uint64_t loop2DstStride = 0;
};

// One dimension of a sliced DataCopy.
struct SliceInfo {
    __aicore__ SliceInfo() {}
    __aicore__ SliceInfo(const uint32_t startIndexIn, const uint32_t endIndexIn, const uint32_t strideIn,
                         const uint32_t burstLenIn, const uint32_t shapeValueIn = 0)
        : startIndex(startIndexIn), endIndex(endIndexIn), stride(strideIn), burstLen(burstLenIn),
          shapeValue(shapeValueIn)
    {}
    uint32_t startIndex = 0;
    uint32_t endIndex = ONE_BLK_SIZE - 1;
    uint32_t stride = 0;
    uint32_t burstLen = ONE_BLK_SIZE;
    uint32_t shapeValue = 0;
};

// Copy (UB -> UB on the vector pipe).
struct CopyRepeatParams {
    __aicore__ CopyRepeatParams() {}
    __aicore__ CopyRepeatParams(const uint16_t dstStrideIn, const uint16_t srcStrideIn, uint16_t dstRepeatSizeIn,
                                uint16_t srcRepeatSizeIn)
        : dstStride(dstStrideIn), srcStride(srcStrideIn), dstRepeatSize(dstRepeatSizeIn),
          srcRepeatSize(srcRepeatSizeIn)
    {}
    uint16_t dstStride = DEFAULT_DATA_COPY_STRIDE;
    uint16_t srcStride = DEFAULT_DATA_COPY_STRIDE;
    uint16_t dstRepeatSize = DEFAULT_REPEAT_STRIDE;
    uint16_t srcRepeatSize = DEFAULT_REPEAT_STRIDE;
};

struct DataCopyEnhancedParams {
    __aicore__ DataCopyEnhancedParams() {}
    __aicore__ DataCopyEnhancedParams(const BlockMode blockModeIn, const DeqScale deqScaleIn,
                                      const uint64_t deqValueIn, const uint8_t sidStoreModeIn, const bool isReluIn,
                                      const pad_t padModeIn, const uint64_t padValueIn)
        : blockMode(blockModeIn),
          deqScale(deqScaleIn),
          deqValue(deqValueIn),
          sidStoreMode(sidStoreModeIn),
          isRelu(isReluIn),
          padMode(padModeIn),
          padValue(padValueIn)
    {}
    BlockMode blockMode = BlockMode::BLOCK_MODE_NORMAL;
    DeqScale deqScale = DeqScale::DEQ_NONE;
    uint64_t deqValue = 0;
    uint8_t sidStoreMode = 0;
    bool isRelu = false;
    pad_t padMode = PAD_NONE;
    uint64_t padValue = 0;
    uint64_t deqTensorAddr = 0;
};

// L0C -> UB/GM through DataCopy (older chips).
struct DataCopyCO12DstParams {
    __aicore__ DataCopyCO12DstParams() {}
    __aicore__ DataCopyCO12DstParams(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint32_t dstStrideIn,
                                     const uint16_t srcStrideIn, const QuantMode_t quantPreIn,
                                     const uint8_t reluPreIn, const bool channelSplitIn, const bool nz2ndEnIn)
        : nSize(nSizeIn),
          mSize(mSizeIn),
          dstStride(dstStrideIn),
          srcStride(srcStrideIn),
          quantPre(quantPreIn),
          reluPre(reluPreIn),
          channelSplit(channelSplitIn),
          nz2ndEn(nz2ndEnIn)
    {}
    uint8_t sid = 0;
    uint16_t nSize = 0;
    uint16_t mSize = 0;
    uint32_t dstStride = DEFAULT_DATA_COPY_STRIDE;
    uint16_t srcStride = DEFAULT_DATA_COPY_STRIDE;
    uint8_t unitFlag = 0;
    uint8_t clipReluPre = 0;
    uint8_t eltWiseOp = 0;
    QuantMode_t quantPre = NoQuant;
    uint8_t reluPre = 0;
    bool channelSplit = false;
    bool nz2ndEn = false;
};

// ---- NDDMA (multi-dimensional DMA, Ascend 950) ----------------------------------------
struct NdDmaConfig {
    static constexpr uint16_t unsetPad = 0xffff;
    bool isNearestValueMode = false;
    uint16_t loopLpSize = unsetPad; // left padding of all dimensions (< 256)
    uint16_t loopRpSize = unsetPad; // right padding of all dimensions (< 256)
    bool ascOptimize = false;
};
using MultiCopyConfig = NdDmaConfig;
constexpr NdDmaConfig kDefaultNdDmaConfig = {false, NdDmaConfig::unsetPad, NdDmaConfig::unsetPad, false};
constexpr NdDmaConfig kDefaultMultiCopyConfig = kDefaultNdDmaConfig;

// Per-dimension loop description; index 0 is the innermost dimension.
template <uint8_t dim>
struct MultiCopyLoopInfo {
    static_assert(dim >= 1 && dim <= 5, "NDDMA supports 1 to 5 dimensions");
    uint64_t loopSrcStride[dim] = {0}; // source stride of each loop, in elements
    uint32_t loopDstStride[dim] = {0}; // destination stride of each loop, in elements
    uint32_t loopSize[dim] = {0};      // iteration count of each loop
    uint8_t loopLpSize[dim] = {0};     // left padding of each loop
    uint8_t loopRpSize[dim] = {0};     // right padding of each loop
};
template <uint8_t dim>
using NdDmaLoopInfo = MultiCopyLoopInfo<dim>;

template <typename T, uint8_t dim>
struct MultiCopyParams {
    MultiCopyLoopInfo<dim> loopInfo;
    T constantValue; // value written into the padding
};
template <typename T, uint8_t dim>
using NdDmaParams = MultiCopyParams<T, dim>;

// =====================================================================================
// Vector instructions
// =====================================================================================

struct BinaryConfig {
    int8_t scalarTensorIndex = 1;
};
constexpr BinaryConfig DEFAULT_BINARY_CONFIG = {1};
struct BinaryDefaultType {};

struct BinaryRepeatParams {
    __aicore__ BinaryRepeatParams() {}
    __aicore__ BinaryRepeatParams(const uint8_t dstBlkStrideIn, const uint8_t src0BlkStrideIn,
                                  const uint8_t src1BlkStrideIn, const uint8_t dstRepStrideIn,
                                  const uint8_t src0RepStrideIn, const uint8_t src1RepStrideIn)
        : dstBlkStride(dstBlkStrideIn),
          src0BlkStride(src0BlkStrideIn),
          src1BlkStride(src1BlkStrideIn),
          dstRepStride(dstRepStrideIn),
          src0RepStride(src0RepStrideIn),
          src1RepStride(src1RepStrideIn)
    {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint8_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

struct UnaryRepeatParams {
    __aicore__ UnaryRepeatParams() {}
    __aicore__ UnaryRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t srcBlkStrideIn,
                                 const uint8_t dstRepStrideIn, const uint8_t srcRepStrideIn)
        : dstBlkStride(dstBlkStrideIn), srcBlkStride(srcBlkStrideIn), dstRepStride(dstRepStrideIn),
          srcRepStride(srcRepStrideIn)
    {}
    __aicore__ UnaryRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t srcBlkStrideIn,
                                 const uint8_t dstRepStrideIn, const uint8_t srcRepStrideIn, const bool halfBlockIn)
        : dstBlkStride(dstBlkStrideIn), srcBlkStride(srcBlkStrideIn), dstRepStride(dstRepStrideIn),
          srcRepStride(srcRepStrideIn), halfBlock(halfBlockIn)
    {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint16_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint16_t srcBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t srcRepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
    bool halfBlock = false;
};

struct BrcbRepeatParams {
    __aicore__ BrcbRepeatParams() {}
    __aicore__ BrcbRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t dstRepStrideIn)
        : dstRepStride(dstRepStrideIn), dstBlkStride(dstBlkStrideIn)
    {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint16_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint16_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

struct GatherRepeatParams {
    __aicore__ GatherRepeatParams() {}
    __aicore__ GatherRepeatParams(const uint8_t dstBlkStrideIn, const uint8_t dstRepStrideIn)
        : dstRepStride(dstRepStrideIn), dstBlkStride(dstBlkStrideIn)
    {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint16_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

struct GatherMaskParams {
    __aicore__ GatherMaskParams() {}
    __aicore__ GatherMaskParams(const uint8_t src0BlockStrideIn, const uint16_t repeatTimesIn,
                                const uint16_t src0RepeatStrideIn, const uint8_t src1RepeatStrideIn)
        : src0BlockStride(src0BlockStrideIn), repeatTimes(repeatTimesIn), src0RepeatStride(src0RepeatStrideIn),
          src1RepeatStride(src1RepeatStrideIn)
    {}
    uint8_t src0BlockStride = DEFAULT_BLK_STRIDE;
    uint16_t repeatTimes = 0;
    uint16_t src0RepeatStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepeatStride = DEFAULT_REPEAT_STRIDE;
};

enum class TransposeType : uint8_t {
    TRANSPOSE_TYPE_NONE,
    TRANSPOSE_NZ2ND_0213,
    TRANSPOSE_NZ2NZ_0213,
    TRANSPOSE_NZ2NZ_012_WITH_N,
    TRANSPOSE_NZ2ND_012_WITH_N,
    TRANSPOSE_NZ2ND_012_WITHOUT_N,
    TRANSPOSE_NZ2NZ_012_WITHOUT_N,
    TRANSPOSE_ND2ND_ONLY,
    TRANSPOSE_ND_UB_GM,
    TRANSPOSE_GRAD_ND_UB_GM,
    TRANSPOSE_ND2ND_B16,
    TRANSPOSE_NCHW2NHWC,
    TRANSPOSE_NHWC2NCHW,
    TRANSPOSE_ND2ND_021,
    TRANSPOSE_ND2ND_102,
    TRANSPOSE_ND2ND_210,
    TRANSPOSE_ND2NZ_WITH_INTLV,
};

struct TransDataTo5HDParams {
    constexpr __aicore__ TransDataTo5HDParams() = default;
    constexpr __aicore__ TransDataTo5HDParams(const bool dstHighHalfIn, const bool srcHighHalfIn,
                                              const uint8_t repeatTimesIn, const uint16_t dstRepStrideIn,
                                              const uint16_t srcRepStrideIn)
        : dstHighHalf(dstHighHalfIn), srcHighHalf(srcHighHalfIn), repeatTimes(repeatTimesIn),
          dstRepStride(dstRepStrideIn), srcRepStride(srcRepStrideIn)
    {}
    bool dstHighHalf = false;
    bool srcHighHalf = false;
    uint8_t repeatTimes = 1;
    uint16_t dstRepStride = 0;
    uint16_t srcRepStride = 0;
};

struct TransposeParamsExt {
    constexpr __aicore__ TransposeParamsExt() = default;
    constexpr __aicore__ TransposeParamsExt(const uint16_t nSizeIn, const uint16_t cSizeIn, const uint16_t hSizeIn,
                                            const uint16_t wSizeIn, const TransposeType transposeTypeIn)
        : nSize(nSizeIn), cSize(cSizeIn), hSize(hSizeIn), wSize(wSizeIn), transposeType(transposeTypeIn)
    {}
    uint16_t nSize = 0;
    uint16_t cSize = 0;
    uint16_t hSize = 0;
    uint16_t wSize = 0;
    TransposeType transposeType = TransposeType::TRANSPOSE_ND2ND_B16;
};

// =====================================================================================
// Cube: LoadData / Mmad
// =====================================================================================

// L1 -> L0A/L0B (or GM -> L0) 2-D load, in 512-byte fractals.
struct LoadData2DParams {
    __aicore__ LoadData2DParams() {}
    __aicore__ LoadData2DParams(const uint16_t startIndexIn, const uint8_t repeatTimesIn, const uint16_t srcStrideIn,
                                const uint8_t sidIn, const uint16_t dstGapIn, const bool ifTransposeIn,
                                const uint8_t addrModeIn)
        : startIndex(startIndexIn), dstGap(dstGapIn), srcStride(srcStrideIn), ifTranspose(ifTransposeIn),
          repeatTimes(repeatTimesIn), sid(sidIn), addrMode(addrModeIn)
    {}
    uint16_t startIndex = 0;
    uint16_t dstGap = 0;
    uint16_t srcStride = 0;
    bool ifTranspose = false;
    uint8_t repeatTimes = 0;
    uint8_t sid = 0;
    uint8_t addrMode = 0;
};
using LoadData2dParams = LoadData2DParams;

struct LoadData2DParamsV2 {
    __aicore__ LoadData2DParamsV2() {}
    __aicore__ LoadData2DParamsV2(const uint32_t mStartPositionIn, const uint32_t kStartPositionIn,
                                  const uint16_t mStepIn, const uint16_t kStepIn, const int32_t srcStrideIn,
                                  const uint16_t dstStrideIn, const bool ifTransposeIn, const uint8_t sidIn)
        : mStartPosition(mStartPositionIn), kStartPosition(kStartPositionIn), mStep(mStepIn), kStep(kStepIn),
          srcStride(srcStrideIn), dstStride(dstStrideIn), ifTranspose(ifTransposeIn), sid(sidIn)
    {}
    uint32_t mStartPosition = 0;
    uint32_t kStartPosition = 0;
    uint16_t mStep = 0;
    uint16_t kStep = 0;
    int32_t srcStride = 0;
    uint16_t dstStride = 0;
    bool ifTranspose = false;
    uint8_t sid = 0;
};

struct LoadData2dTransposeParams {
    __aicore__ LoadData2dTransposeParams() {}
    __aicore__ LoadData2dTransposeParams(const uint16_t startIndexIn, const uint8_t repeatTimesIn,
                                         const uint16_t srcStrideIn, const uint16_t dstGapIn,
                                         const uint16_t dstFracGapIn, const uint8_t addrModeIn)
        : startIndex(startIndexIn), repeatTimes(repeatTimesIn), srcStride(srcStrideIn), dstGap(dstGapIn),
          dstFracGap(dstFracGapIn), addrMode(addrModeIn)
    {}
    __aicore__ LoadData2dTransposeParams(const uint16_t startIndexIn, const uint8_t repeatTimesIn,
                                         const uint16_t srcStrideIn, const uint16_t dstGapIn,
                                         const uint16_t dstFracGapIn)
        : startIndex(startIndexIn), repeatTimes(repeatTimesIn), srcStride(srcStrideIn), dstGap(dstGapIn),
          dstFracGap(dstFracGapIn)
    {}
    uint16_t startIndex = 0;
    uint8_t repeatTimes = 0;
    uint16_t srcStride = 0;
    uint16_t dstGap = 0;
    uint16_t dstFracGap = 0;
    uint8_t addrMode = 0;
};

struct LoadData2dTransposeParamsV2 {
    __aicore__ LoadData2dTransposeParamsV2() {}
    __aicore__ LoadData2dTransposeParamsV2(const uint16_t startIndexIn, const uint8_t repeatTimesIn,
                                           const uint16_t srcStrideIn, const uint16_t dstGapIn,
                                           const uint16_t dstFracGapIn, const uint16_t srcFracGapIn)
        : startIndex(startIndexIn), repeatTimes(repeatTimesIn), srcStride(srcStrideIn), dstGap(dstGapIn),
          dstFracGap(dstFracGapIn), srcFracGap(srcFracGapIn)
    {}
    __aicore__ LoadData2dTransposeParamsV2(const uint16_t startIndexIn, const uint8_t repeatTimesIn,
                                           const uint16_t srcStrideIn, const uint16_t dstGapIn,
                                           const uint16_t dstFracGapIn, const uint16_t srcFracGapIn,
                                           const uint8_t addrModeIn)
        : startIndex(startIndexIn), repeatTimes(repeatTimesIn), srcStride(srcStrideIn), dstGap(dstGapIn),
          dstFracGap(dstFracGapIn), srcFracGap(srcFracGapIn), addrMode(addrModeIn)
    {}
    uint16_t startIndex = 0;
    uint8_t repeatTimes = 0;
    uint16_t srcStride = 0;
    uint16_t dstGap = 0;
    uint16_t dstFracGap = 0;
    uint16_t srcFracGap = 0;
    uint8_t addrMode = 0;
};

struct Nd2NzParamsV2 {
    uint64_t lookupTable0 = 0;
    uint64_t lookupTable1 = 0;
};

struct LoadData2DMxParams {
    __aicore__ LoadData2DMxParams() {}
    __aicore__ LoadData2DMxParams(const uint16_t xStartPositionIn, const uint16_t yStartPositionIn,
                                  const uint8_t xStepIn, const uint8_t yStepIn, const uint16_t srcStrideIn,
                                  const uint16_t dstStrideIn)
        : xStartPosition(xStartPositionIn), yStartPosition(yStartPositionIn), xStep(xStepIn), yStep(yStepIn),
          srcStride(srcStrideIn), dstStride(dstStrideIn)
    {}
    uint16_t xStartPosition = 0;
    uint16_t yStartPosition = 0;
    uint8_t xStep = 0;
    uint8_t yStep = 0;
    uint16_t srcStride = 0;
    uint16_t dstStride = 0;
};

// img2col loads (L1 -> L0A/L0B).
template <typename T>
struct LoadData3DParamsV1 {
    __aicore__ LoadData3DParamsV1() {}
    __aicore__ LoadData3DParamsV1(const uint8_t padListIn[PAD_SIZE], const uint16_t l1HIn, const uint16_t l1WIn,
                                  const uint16_t c1IndexIn, const uint8_t fetchFilterWIn,
                                  const uint8_t fetchFilterHIn, const int16_t leftTopWIn, const int16_t leftTopHIn,
                                  const uint8_t strideWIn, const uint8_t strideHIn, const uint8_t filterWIn,
                                  const uint8_t filterHIn, const uint8_t dilationFilterWIn,
                                  const uint8_t dilationFilterHIn, const uint8_t jumpStrideIn,
                                  const uint8_t repeatModeIn, const uint8_t repeatTimeIn, const uint8_t cSizeIn,
                                  const T padValueIn)
        : padList{padListIn[0], padListIn[1], padListIn[2], padListIn[3]},
          strideW(strideWIn),
          strideH(strideHIn),
          filterW(filterWIn),
          filterH(filterHIn),
          dilationFilterW(dilationFilterWIn),
          dilationFilterH(dilationFilterHIn),
          jumpStride(jumpStrideIn),
          repeatMode(repeatModeIn),
          repeatTime(repeatTimeIn),
          cSize(cSizeIn),
          padValue(padValueIn),
          fetchFilterW(fetchFilterWIn),
          fetchFilterH(fetchFilterHIn),
          l1H(l1HIn),
          l1W(l1WIn),
          c1Index(c1IndexIn),
          leftTopW(leftTopWIn),
          leftTopH(leftTopHIn)
    {}
    uint8_t padList[PAD_SIZE] = {0};
    uint8_t strideW = 0;
    uint8_t strideH = 0;
    uint8_t filterW = 0;
    uint8_t filterH = 0;
    uint8_t dilationFilterW = 0;
    uint8_t dilationFilterH = 0;
    uint8_t jumpStride = 0;
    uint8_t repeatMode = 0;
    uint8_t repeatTime = 0;
    uint8_t cSize = 0;
    T padValue = 0;
    uint8_t fetchFilterW = 0;
    uint8_t fetchFilterH = 0;
    uint16_t l1H = 0;
    uint16_t l1W = 0;
    uint16_t c1Index = 0;
    int16_t leftTopW = 0;
    int16_t leftTopH = 0;
};

template <typename T>
struct LoadData3DParamsV2 {
    __aicore__ LoadData3DParamsV2() {}
    __aicore__ LoadData3DParamsV2(const uint8_t padListIn[PAD_SIZE], const uint16_t l1HIn, const uint16_t l1WIn,
                                  const uint16_t channelSizeIn, const uint16_t kExtensionIn,
                                  const uint16_t mExtensionIn, const uint16_t kStartPtIn, const uint16_t mStartPtIn,
                                  const uint8_t strideWIn, const uint8_t strideHIn, const uint8_t filterWIn,
                                  const uint8_t filterHIn, const uint8_t dilationFilterWIn,
                                  const uint8_t dilationFilterHIn, const bool enTransposeIn, const bool enSmallKIn,
                                  const T padValueIn)
        : padList{padListIn[0], padListIn[1], padListIn[2], padListIn[3]},
          l1H(l1HIn),
          l1W(l1WIn),
          channelSize(channelSizeIn),
          kExtension(kExtensionIn),
          mExtension(mExtensionIn),
          kStartPt(kStartPtIn),
          mStartPt(mStartPtIn),
          strideW(strideWIn),
          strideH(strideHIn),
          filterW(filterWIn),
          filterH(filterHIn),
          dilationFilterW(dilationFilterWIn),
          dilationFilterH(dilationFilterHIn),
          enTranspose(enTransposeIn),
          enSmallK(enSmallKIn),
          padValue(padValueIn)
    {}
    __aicore__ LoadData3DParamsV2(const uint8_t padListIn[PAD_SIZE], const uint16_t l1HIn, const uint16_t l1WIn,
                                  const uint16_t channelSizeIn, const uint16_t kExtensionIn,
                                  const uint16_t mExtensionIn, const uint16_t kStartPtIn, const uint16_t mStartPtIn,
                                  const uint8_t strideWIn, const uint8_t strideHIn, const uint8_t filterWIn,
                                  const uint8_t filterHIn, const uint8_t dilationFilterWIn,
                                  const uint8_t dilationFilterHIn, const bool enTransposeIn, const bool enSmallKIn,
                                  const T padValueIn, const bool filterSizeWIn, const bool filterSizeHIn,
                                  const bool fMatrixCtrlIn)
        : padList{padListIn[0], padListIn[1], padListIn[2], padListIn[3]},
          l1H(l1HIn),
          l1W(l1WIn),
          channelSize(channelSizeIn),
          kExtension(kExtensionIn),
          mExtension(mExtensionIn),
          kStartPt(kStartPtIn),
          mStartPt(mStartPtIn),
          strideW(strideWIn),
          strideH(strideHIn),
          filterW(filterWIn),
          filterH(filterHIn),
          dilationFilterW(dilationFilterWIn),
          dilationFilterH(dilationFilterHIn),
          enTranspose(enTransposeIn),
          enSmallK(enSmallKIn),
          padValue(padValueIn),
          filterSizeW(filterSizeWIn),
          filterSizeH(filterSizeHIn),
          fMatrixCtrl(fMatrixCtrlIn)
    {}
    uint8_t padList[PAD_SIZE] = {0};
    uint16_t l1H = 0;
    uint16_t l1W = 0;
    uint16_t channelSize = 0;
    uint16_t kExtension = 0;
    uint16_t mExtension = 0;
    uint16_t kStartPt = 0;
    uint16_t mStartPt = 0;
    uint8_t strideW = 1;
    uint8_t strideH = 1;
    uint8_t filterW = 1;
    uint8_t filterH = 1;
    uint8_t dilationFilterW = 1;
    uint8_t dilationFilterH = 1;
    bool enTranspose = false;
    bool enSmallK = false;
    T padValue = 0;
    bool filterSizeW = false;
    bool filterSizeH = false;
    bool fMatrixCtrl = false;
};

struct LoadData3DParamsV2Pro {
    __aicore__ LoadData3DParamsV2Pro() {}
    __aicore__ LoadData3DParamsV2Pro(const uint16_t channelSizeIn, const bool enTransposeIn, const bool enSmallKIn,
                                     const bool filterSizeWIn, const bool filterSizeHIn, const bool fMatrixCtrlIn,
                                     const uint64_t extConfigIn, const uint64_t filterConfigIn)
        : channelSize(channelSizeIn), enTranspose(enTransposeIn), enSmallK(enSmallKIn), filterSizeW(filterSizeWIn),
          filterSizeH(filterSizeHIn), fMatrixCtrl(fMatrixCtrlIn), extConfig(extConfigIn),
          filterConfig(filterConfigIn)
    {}
    uint16_t channelSize = 0;
    bool enTranspose = false;
    bool enSmallK = false;
    bool filterSizeW = false;
    bool filterSizeH = false;
    bool fMatrixCtrl = false;
    uint64_t extConfig = 0;
    uint64_t filterConfig = 0X10101010101;
};

struct IsResetLoad3dConfig {
    __aicore__ constexpr IsResetLoad3dConfig(const bool isSetFMatrixIn, const bool isSetPaddingIn)
        : isSetFMatrix(isSetFMatrixIn), isSetPadding(isSetPaddingIn)
    {}
    bool isSetFMatrix = true;
    bool isSetPadding = true;
};
constexpr IsResetLoad3dConfig IS_RESER_LOAD3D_DEFAULT_CONFIG = {true, true};

struct MmadParams {
    __aicore__ MmadParams() {}
    __aicore__ MmadParams(const uint16_t mIn, const uint16_t nIn, const uint16_t kIn, const bool isBiasIn,
                          const int32_t fmOffsetIn, const bool enSsparseIn, const bool enWinogradAIn,
                          const bool enWinogradBIn)
        : m(mIn), n(nIn), k(kIn), isBias(isBiasIn), fmOffset(fmOffsetIn), enSsparse(enSsparseIn),
          enWinogradA(enWinogradAIn), enWinogradB(enWinogradBIn)
    {}
    __aicore__ MmadParams(const uint16_t mIn, const uint16_t nIn, const uint16_t kIn, const uint8_t unitFlagIn,
                          const bool cmatrixSourceIn, const bool cmatrixInitValIn)
        : m(mIn), n(nIn), k(kIn), unitFlag(unitFlagIn), cmatrixSource(cmatrixSourceIn),
          cmatrixInitVal(cmatrixInitValIn)
    {}
    uint16_t m = 0;
    uint16_t n = 0;
    uint16_t k = 0;
    bool isBias = false;
    int32_t fmOffset = 0;
    bool enSsparse = false;
    bool enWinogradA = false;
    bool enWinogradB = false;
    uint8_t unitFlag = 0;
    bool kDirectionAlign = false;
    bool cmatrixSource = false;
    bool cmatrixInitVal = true;
#if ASCENDC_LINT_ARCH_35XX
    bool disableGemv = false;
#endif
#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 5102)
    uint8_t fixShiftVal = 0;
#endif
};

template <typename T>
struct InitConstValueParams {
    __aicore__ InitConstValueParams() {}
    __aicore__ InitConstValueParams(const uint16_t repeatTimesIn, const uint16_t blockNumIn, const uint16_t dstGapIn,
                                    const T initValueIn)
        : repeatTimes(repeatTimesIn), blockNum(blockNumIn), dstGap(dstGapIn), initValue(initValueIn)
    {}
    __aicore__ InitConstValueParams(const uint16_t repeatTimesIn, const T initValueIn)
        : repeatTimes(repeatTimesIn), initValue(initValueIn)
    {}
    uint16_t repeatTimes = 0;
    uint16_t blockNum = 0;
    uint16_t dstGap = 0;
    T initValue = 0;
};

struct LoadDataRepeatParam {
    __aicore__ LoadDataRepeatParam() {}
    __aicore__ LoadDataRepeatParam(const uint16_t repeatStrideIn, const uint8_t repeatTimeIn,
                                   const uint8_t repeatModeIn)
        : repeatStride(repeatStrideIn), repeatTime(repeatTimeIn), repeatMode(repeatModeIn)
    {}
    uint16_t repeatStride = 0;
    uint8_t repeatTime = 1;
    uint8_t repeatMode = 0;
    uint8_t reserved = 0;
};

struct LoadDataRepeatParamWithStride {
    __aicore__ LoadDataRepeatParamWithStride() {}
    __aicore__ LoadDataRepeatParamWithStride(const uint16_t repeatStrideIn, const uint8_t repeatTimeIn,
                                             const uint8_t repeatModeIn, const uint16_t dstStrideIn)
        : repeatStride(repeatStrideIn), repeatTime(repeatTimeIn), repeatMode(repeatModeIn), dstStride(dstStrideIn)
    {}
    uint16_t repeatStride = 0;
    uint8_t repeatTime = 1;
    uint8_t repeatMode = 0;
    uint16_t dstStride = 0;
};

struct CheckLocalMemoryIAParam {
    __aicore__ CheckLocalMemoryIAParam() {}
    uint8_t enableBit = 0;
    uint32_t startAddr = 0;
    uint32_t endAddr = 0;
    bool isScalarRead = false;
    bool isScalarWrite = false;
    bool isVectorRead = false;
    bool isVectorWrite = false;
    bool isMteRead = false;
    bool isMteWrite = false;
    bool isEnable = false;
    uint32_t reserved = 0;
};

// =====================================================================================
// Fixpipe (L0C -> GM / L1 / UB)
// =====================================================================================

enum class CO2Layout : uint8_t {
    NZ = 0,
    ROW_MAJOR,    // ND, row major
    COLUMN_MAJOR, // ND, column major (DN)
};

struct FixpipeConfig {
    CO2Layout format;
    bool isToUB; // Ascend 950: L0C -> UB
    __aicore__ constexpr FixpipeConfig(CO2Layout formatIn) : format(formatIn), isToUB(false) {}
    __aicore__ constexpr FixpipeConfig(CO2Layout formatIn, bool isToUBIn) : format(formatIn), isToUB(isToUBIn) {}
};
constexpr FixpipeConfig CFG_NZ = {CO2Layout::NZ, false};
constexpr FixpipeConfig CFG_ROW_MAJOR = {CO2Layout::ROW_MAJOR, false};
constexpr FixpipeConfig CFG_COLUMN_MAJOR = {CO2Layout::COLUMN_MAJOR, false};

struct FixpipeParamsV220 {
    __aicore__ FixpipeParamsV220() {}
    __aicore__ FixpipeParamsV220(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                                 const uint32_t dstStrideIn, const bool reluEnIn)
        : nSize(nSizeIn), mSize(mSizeIn), srcStride(srcStrideIn), dstStride(dstStrideIn), reluEn(reluEnIn)
    {}
    __aicore__ FixpipeParamsV220(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                                 const uint32_t dstStrideIn, const bool reluEnIn, const QuantMode_t quantPreIn,
                                 const int64_t deqScalarIn, const uint16_t ndNumIn, const uint16_t srcNdStrideIn,
                                 const uint16_t dstNdStrideIn, const uint8_t unitFlagIn)
        : nSize(nSizeIn), mSize(mSizeIn), srcStride(srcStrideIn), dstStride(dstStrideIn), quantPre(quantPreIn),
          deqScalar(static_cast<uint64_t>(deqScalarIn)), ndNum(ndNumIn), srcNdStride(srcNdStrideIn), dstNdStride(dstNdStrideIn),
          reluEn(reluEnIn), unitFlag(unitFlagIn)
    {}
    __aicore__ FixpipeParamsV220(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                                 const uint32_t dstStrideIn, const bool reluEnIn, const QuantMode_t quantPreIn,
                                 const int64_t deqScalarIn, const uint16_t ndNumIn, const uint16_t srcNdStrideIn,
                                 const uint16_t dstNdStrideIn, const uint8_t unitFlagIn, const bool isChannelSplitIn)
        : nSize(nSizeIn), mSize(mSizeIn), srcStride(srcStrideIn), dstStride(dstStrideIn), quantPre(quantPreIn),
          deqScalar(static_cast<uint64_t>(deqScalarIn)), ndNum(ndNumIn), srcNdStride(srcNdStrideIn), dstNdStride(dstNdStrideIn),
          reluEn(reluEnIn), unitFlag(unitFlagIn), isChannelSplit(isChannelSplitIn)
    {}
    uint16_t nSize = 0;
    uint16_t mSize = 0;
    uint16_t srcStride = 0;
    uint32_t dstStride = 0;
    QuantMode_t quantPre = NoQuant;
    uint64_t deqScalar = 0;
    uint16_t ndNum = 1;
    uint16_t srcNdStride = 0;
    uint16_t dstNdStride = 0;
    bool reluEn = false;
    uint8_t unitFlag = 0;
    bool isChannelSplit = false;
};
using FixpipeParamsM300 = FixpipeParamsV220;
using FixpipeParamsM310 = FixpipeParamsV220;

struct QuantParams {
    __aicore__ QuantParams() {}
    __aicore__ QuantParams(const QuantMode_t quantPreIn) : quantPre(quantPreIn) {}
    __aicore__ QuantParams(const QuantMode_t quantPreIn, const uint64_t deqScalarIn)
        : quantPre(quantPreIn), deqScalar(deqScalarIn)
    {}
    QuantMode_t quantPre = NoQuant;
    uint64_t deqScalar = 0;
};

struct Nz2NdParams {
#if ASCENDC_LINT_ARCH_35XX
    __aicore__ Nz2NdParams() {}
    __aicore__ Nz2NdParams(const uint16_t ndNumIn, const uint16_t srcNdStrideIn, const uint32_t dstNdStrideIn)
        : ndNum(ndNumIn), srcNdStride(srcNdStrideIn), dstNdStride(dstNdStrideIn)
    {}
    uint16_t ndNum = 1;
    uint16_t srcNdStride = 0;
    uint32_t dstNdStride = 0;
#else
    __aicore__ Nz2NdParams() {}
    __aicore__ Nz2NdParams(const bool nz2ndEnIn, const uint16_t ndNumIn, const uint16_t srcNdStrideIn,
                           const uint16_t dstNdStrideIn, const uint16_t originalNSizeIn)
        : nz2ndEn(nz2ndEnIn), ndNum(ndNumIn), srcNdStride(srcNdStrideIn), dstNdStride(dstNdStrideIn),
          originalNSize(originalNSizeIn)
    {}
    bool nz2ndEn = false;
    uint16_t ndNum = 1;
    uint16_t srcNdStride = 0;
    uint16_t dstNdStride = 0;
    uint16_t originalNSize = 0;
#endif
};

struct Nz2DnParams {
    __aicore__ Nz2DnParams() {}
    __aicore__ Nz2DnParams(const uint16_t dnNumIn, const uint16_t srcNzMatrixStrideIn,
                           const uint32_t dstDnMatrixStrideIn, const uint16_t srcNzC0StrideIn)
        : dnNum(dnNumIn), srcNzMatrixStride(srcNzMatrixStrideIn), dstDnMatrixStride(dstDnMatrixStrideIn),
          srcNzC0Stride(srcNzC0StrideIn)
    {}
    uint16_t dnNum = 1;
    uint16_t srcNzMatrixStride = 0;
    uint32_t dstDnMatrixStride = 0;
    uint16_t srcNzC0Stride = 0;
};

template <CO2Layout format>
struct TransformParams {};
template <>
struct TransformParams<CO2Layout::NZ> {
    using PARAMS = uint8_t;
};
template <>
struct TransformParams<CO2Layout::ROW_MAJOR> {
    using PARAMS = Nz2NdParams;
};
template <>
struct TransformParams<CO2Layout::COLUMN_MAJOR> {
    using PARAMS = Nz2DnParams;
};

// Ascend 950 fixpipe params; `params` holds the NZ->ND/DN loop description.
template <CO2Layout format = CO2Layout::ROW_MAJOR>
struct FixpipeParamsArch3510 {
    __aicore__ FixpipeParamsArch3510() {}
    __aicore__ FixpipeParamsArch3510(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                                     const uint32_t dstStrideIn)
        : nSize(nSizeIn), mSize(mSizeIn), srcStride(srcStrideIn), dstStride(dstStrideIn)
    {}
    ReluMode preReluMode = ReluMode::NO_RELU;
    ClipReluMode preClipReluMode = ClipReluMode::NOCLIP_RELU;
    uint64_t reluScalar = 0;
    uint64_t vectorRelu = 0;
    uint16_t nSize = 0;
    uint16_t mSize = 0;
    uint16_t srcStride = 0;
    uint32_t dstStride = 0;
    QuantMode_t quantPre = NoQuant;
    uint64_t deqScalar = 0;
    bool reluEn = false;
    uint8_t unitFlag = 0;
    uint8_t dualDstCtl = 0;
    bool subBlockId = false;
    typename TransformParams<format>::PARAMS params;
    bool isChannelSplit = false;
};

template <CO2Layout format = CO2Layout::ROW_MAJOR>
struct FixpipeParamsC310 : FixpipeParamsArch3510<format> {
    __aicore__ FixpipeParamsC310() : FixpipeParamsArch3510<format>() {}
    __aicore__ FixpipeParamsC310(const uint16_t nSizeIn, const uint16_t mSizeIn, const uint16_t srcStrideIn,
                                 const uint32_t dstStrideIn)
        : FixpipeParamsArch3510<format>(nSizeIn, mSizeIn, srcStrideIn, dstStrideIn)
    {}
};

// Older (v200-style) fixpipe params.
template <typename T = int32_t>
struct FixpipeParams {
    __aicore__ FixpipeParams() {}
    __aicore__ FixpipeParams(const uint16_t count, const uint16_t len, const uint16_t srcStrideIn,
                             const uint32_t dstStrideIn)
        : cburstNum(count), burstLen(len), dstStride(dstStrideIn), srcStride(srcStrideIn)
    {}
    uint16_t cburstNum = DEFAULT_DATA_COPY_NBURST;
    uint16_t burstLen = 1;
    uint32_t dstStride = DEFAULT_DATA_COPY_STRIDE;
    uint16_t srcStride = DEFAULT_DATA_COPY_STRIDE;
    QuantParams quantParams;
    bool reluEn = false;
    Nz2NdParams nz2ndParams;
    uint8_t unitFlag = 0;
};

} // namespace AscendC

#pragma clang diagnostic pop
