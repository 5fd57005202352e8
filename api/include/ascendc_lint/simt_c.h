// ascendc-lint bundled AscendC API: the C-style SIMT API of Ascend 950
// (simt_api/asc_simt.h): the built-in thread variables, the VF launch
// asc_vf_call, thread barriers, atomics, cached loads/stores, warp shuffles.
// Mirrors: see ascendc_lint/simt.h; docs: asc-devkit docs/zh/api/SIMT-API/.
#pragma once

#include "ascendc_lint/simt.h"
#include "ascendc_lint/simt_math.h"

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

// Built-in variables of a SIMT function (compiler built-ins upstream).
namespace ascendc_lint {
struct simt_index {
    uint32_t x, y, z;
};
} // namespace ascendc_lint
extern const ::ascendc_lint::simt_index threadIdx;
extern const ::ascendc_lint::simt_index blockIdx;
extern const ::ascendc_lint::simt_index blockDim;
extern const ::ascendc_lint::simt_index gridDim;
constexpr int32_t warpSize = 32;

// Integer intrinsics of SIMT functions (docs: SIMT-API/数学函数/整型数学库函数):
// the high 32/64 bits of a product.
__aicore__ uint32_t __umulhi(uint32_t x, uint32_t y);
__aicore__ int32_t __mulhi(int32_t x, int32_t y);
__aicore__ uint64_t __umul64hi(uint64_t x, uint64_t y);
__aicore__ int64_t __mul64hi(int64_t x, int64_t y);

// Launch a SIMT function with `threadNums` threads (docs: SIMT-API/asc_vf_call).
template <auto funcPtr, typename... Args>
__aicore__ void asc_vf_call(dim3 threadNums, Args &&...args);

// Thread barrier of one SIMT launch (docs: SIMT-API/同步函数/asc_syncthreads).
__aicore__ void asc_syncthreads();
__aicore__ void asc_threadfence();
__aicore__ void asc_threadfence_block();

#define ASCENDC_LINT_SIMT_ATOMIC(name)                                                                                \
    template <typename T, typename V>                                                                                \
    __aicore__ T name(T *address, V val);
ASCENDC_LINT_SIMT_ATOMIC(asc_atomic_add)
ASCENDC_LINT_SIMT_ATOMIC(asc_atomic_sub)
ASCENDC_LINT_SIMT_ATOMIC(asc_atomic_exch)
ASCENDC_LINT_SIMT_ATOMIC(asc_atomic_max)
ASCENDC_LINT_SIMT_ATOMIC(asc_atomic_min)
ASCENDC_LINT_SIMT_ATOMIC(asc_atomic_inc)
ASCENDC_LINT_SIMT_ATOMIC(asc_atomic_dec)
ASCENDC_LINT_SIMT_ATOMIC(asc_atomic_and)
ASCENDC_LINT_SIMT_ATOMIC(asc_atomic_or)
ASCENDC_LINT_SIMT_ATOMIC(asc_atomic_xor)
#undef ASCENDC_LINT_SIMT_ATOMIC
template <typename T, typename C, typename V>
__aicore__ T asc_atomic_cas(T *address, C compare, V val);

template <typename T>
__aicore__ T asc_ldcg(T *address);
template <typename T>
__aicore__ T asc_ldca(T *address);
template <typename T, typename V>
__aicore__ void asc_stcg(T *address, V val);

template <typename T>
__aicore__ T asc_shfl(T var, int32_t srcLane, int32_t width = warpSize);
template <typename T>
__aicore__ T asc_shfl_up(T var, uint32_t delta, int32_t width = warpSize);
template <typename T>
__aicore__ T asc_shfl_down(T var, uint32_t delta, int32_t width = warpSize);
template <typename T>
__aicore__ T asc_shfl_xor(T var, int32_t laneMask, int32_t width = warpSize);
template <typename T>
__aicore__ T asc_reduce_add(T val);
template <typename T>
__aicore__ T asc_reduce_max(T val);
template <typename T>
__aicore__ T asc_reduce_min(T val);

#pragma clang diagnostic pop
