// ascendc-lint bundled AscendC API: data movement — DataCopy (GM<->UB, GM->L1,
// UB<->L1, L0C->...), DataCopyPad, the NDDMA form, Copy (UB->UB) and the
// DMA loop-mode registers. Declarations only.
//
// Pipes (for readers; the linter derives them from the argument positions):
//   LocalTensor <- GlobalTensor : MTE2      GlobalTensor <- LocalTensor : MTE3
//   LocalTensor <- LocalTensor  : by the two positions (UB->L1 MTE3, L1->UB MTE1, UB->UB V/MTE)
//
// Mirrors (interface only; written for this project):
//   mirror-cann/asc-devkit include/basic_api/kernel_operator_data_copy_intf.h
//   docs: docs/zh/api/SIMD-API/基础API/Memory矢量计算/数据搬运/
#pragma once

#include "ascendc_lint/tensor.h"

// ascendc-lint: declarations are never defined, so uses through internal-linkage
// template arguments (e.g. a kernel's own constexpr MatmulConfig) must not warn.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

namespace AscendC {

// ---- contiguous / burst copies ---------------------------------------------------------------
template <typename T>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& repeatParams);
template <typename T>
__aicore__ void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& repeatParams);
template <typename T>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& repeatParams);
template <typename T, typename U>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyParams& repeatParams);

// `count` elements; count * sizeof(T) must be a multiple of 32 bytes.
template <typename T>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count);
template <typename T>
__aicore__ void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count);
template <typename T>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count);

// ---- layout-converting copies (cube inputs / outputs) -------------------------------------------
template <typename T, bool enableSmallC0 = false>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const Nd2NzParams& intriParams);
template <typename T>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const Nd2NzParams& intriParams);
template <typename T, bool enableSmallC0 = false>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const Dn2NzParams& intriParams);
template <typename T>
__aicore__ void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const Nz2NdParamsFull& intriParams);

// ---- sliced copies --------------------------------------------------------------------------
template <typename T>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const SliceInfo dstSliceInfo[],
                         const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1);
template <typename T>
__aicore__ void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const SliceInfo dstSliceInfo[],
                         const SliceInfo srcSliceInfo[], const uint32_t dimValue = 1);

// ---- enhanced copies (quantisation / L0C) -------------------------------------------------------
template <typename T>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& intriParams,
                         const DataCopyEnhancedParams& enhancedParams);
template <typename T>
__aicore__ void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& intriParams,
                         const DataCopyEnhancedParams& enhancedParams);
template <typename T, typename U>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const DataCopyParams& intriParams,
                         const DataCopyEnhancedParams& enhancedParams);
template <typename T, typename U>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const LocalTensor<U>& src,
                         const DataCopyCO12DstParams& intriParams);
template <typename T, typename U>
__aicore__ void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<U>& src,
                         const DataCopyCO12DstParams& intriParams);

// ---- NDDMA: up to 5-D strided GM -> UB copy with padding (Ascend 950) ----------------------------
template <typename T, uint8_t dim, const NdDmaConfig& config = kDefaultNdDmaConfig>
__aicore__ void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const MultiCopyParams<T, dim>& params);
// Invalidates the NDDMA descriptor cache.
__aicore__ void NdDmaDci();

// ---- DataCopyPad: byte-granular copies with padding --------------------------------------------
template <typename T, PaddingMode mode = PaddingMode::Normal>
__aicore__ void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                            const DataCopyParams& dataCopyParams, const DataCopyPadParams& padParams);
template <typename T, PaddingMode mode = PaddingMode::Normal>
__aicore__ void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
                            const DataCopyParams& dataCopyParams);
template <typename T>
__aicore__ void DataCopyPad(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                            const DataCopyParams& dataCopyParams, const Nd2NzParams& nd2nzParams);
template <typename T, PaddingMode mode = PaddingMode::Normal>
__aicore__ void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                            const DataCopyExtParams& dataCopyParams, const DataCopyPadExtParams<T>& padParams);
template <typename T, typename U,
          typename std::enable_if<std::is_same<PrimT<T>, U>::value && !std::is_same<T, U>::value, bool>::type = true>
__aicore__ void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src,
                            const DataCopyExtParams& dataCopyParams, const DataCopyPadExtParams<U>& padParams);
template <typename T, PaddingMode mode = PaddingMode::Normal>
__aicore__ void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src,
                            const DataCopyExtParams& dataCopyParams);
template <typename T>
__aicore__ void DataCopyPad(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                            const DataCopyExtParams& dataCopyParams, const Nd2NzParams& nd2nzParams);
template <typename T, TPosition pos = TPosition::MAX>
__aicore__ void SetPadValue(T paddingValue);

// ---- L1 -> UB ----------------------------------------------------------------------------
template <typename T, uint8_t subBlockId = 0>
__aicore__ void DataCopyL1ToUB(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count);
template <typename T, uint8_t subBlockId = 0>
__aicore__ void DataCopyL1ToUB(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                               const DataCopyParams& repeatParams);

// ---- DMA loop mode (Ascend 950) ----------------------------------------------------------------
__aicore__ void SetLoopModePara(const LoopModeParams& loopParams, DataCopyMVType type);
__aicore__ void ResetLoopModePara(DataCopyMVType type);

// ---- Copy: UB -> UB on the vector pipe ------------------------------------------------------------
template <typename T, bool isSetMask = true>
__aicore__ void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],
                     const uint8_t repeatTime, const CopyRepeatParams& repeatParams);
template <typename T, bool isSetMask = true>
__aicore__ void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask,
                     const uint8_t repeatTime, const CopyRepeatParams& repeatParams);
template <typename T, bool isSetMask = true>
__aicore__ void Copy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count);

} // namespace AscendC

#pragma clang diagnostic pop
