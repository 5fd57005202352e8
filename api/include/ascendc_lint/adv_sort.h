// ascendc-lint bundled AscendC API: the high-level (adv) Sort with a
// SortConfig (Ascend 950): sorts the first calCount elements of a source,
// optionally with an index tensor, by radix or merge sort.
// Declarations only (the Sort<T, isFullSort> of region proposals is in
// vector.h).
//
// Mirrors (interface only; written for this project):
//   mirror-cann/asc-devkit include/adv_api/sort/sort.h, sort_utils.h,
//   sort_utils_constants.h; docs/zh/api/SIMD-API/高阶API/排序操作/Sort.md
#pragma once

#include "ascendc_lint/tensor.h"

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

namespace AscendC {

enum class SortType { RADIX_SORT, MERGE_SORT };

struct SortConfig {
    SortType type = SortType::RADIX_SORT;
    bool isDescend = false;
};

constexpr SortConfig DEFAULT_SORT_CONFIG = {SortType::RADIX_SORT, false};

// Values with indices: (dst, dstIndex, src, srcIndex[, sharedTmpBuffer], calCount).
template <typename T, typename U, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
__aicore__ void Sort(LocalTensor<T>& dstTensor, LocalTensor<U>& dstIndexTensor, const LocalTensor<T>& srcTensor,
                     const LocalTensor<U>& srcIndexTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                     const uint32_t calCount);
template <typename T, typename U, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
__aicore__ void Sort(const LocalTensor<T>& dstTensor, const LocalTensor<U>& dstIndexTensor,
                     const LocalTensor<T>& srcTensor, const LocalTensor<U>& srcIndexTensor, const uint32_t calCount);
// Values only: (dst, src[, sharedTmpBuffer], calCount).
template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
__aicore__ void Sort(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                     const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount);
template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
__aicore__ void Sort(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount);
// Values and the indices of their source positions: (dst, dstIndex, src[, sharedTmpBuffer], calCount).
template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
__aicore__ void Sort(LocalTensor<T>& dstTensor, LocalTensor<uint32_t>& dstIndexTensor,
                     const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                     const uint32_t calCount);
template <typename T, bool isReuseSource = false, const SortConfig& config = DEFAULT_SORT_CONFIG>
__aicore__ void Sort(LocalTensor<T>& dstTensor, LocalTensor<uint32_t>& dstIndexTensor,
                     const LocalTensor<T>& srcTensor, const uint32_t calCount);

} // namespace AscendC

#pragma clang diagnostic pop
