// ascendc-lint bundled AscendC API: the Ascend 950 SIMT programming model,
// C++ part reached from kernel_operator.h as upstream (kernel_operator_intf.h
// includes simt_api/cpp/kernel_simt_intf.h): dim3, AscendC::Simt (VF_CALL,
// thread index and count, atomics, math). The C-style SIMT API (built-in
// variables, asc_vf_call, asc_syncthreads, asc_atomic_*, ...) is in
// ascendc_lint/simt_c.h, reached from simt_api/asc_simt.h.
//
// Mirrors (names and call shapes only; written for this project):
//   mirror-cann/asc-devkit include/simt_api/asc_simt.h, common_functions.h (asc_vf_call),
//     device_sync_functions.h (asc_syncthreads), device_atomic_functions.h (asc_atomic_*),
//     device_functions.h (asc_ldcg/asc_stcg), device_warp_functions.h (asc_shfl*)
//   mirror-cann/asc-devkit include/simt_api/cpp/kernel_simt_utils.h (Simt::Dim3, Simt::VF_CALL)
//   mirror-cann/asc-devkit include/simt_api/cpp/kernel_simt_common_intf.h (GetThreadIdx, GetThreadNum)
//   docs: asc-devkit docs/zh/api/SIMT-API/
//
// The linter models SIMT functions by name (checker/frontend/api/SimtApi.cpp):
// the built-in variables below are the symbols it recognises as the thread
// index and the launch dimensions.
#pragma once

#include "ascendc_lint/types.h"

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

struct dim3 {
    uint32_t x = 1, y = 1, z = 1;
    __aicore__ constexpr dim3(uint32_t vx = 1, uint32_t vy = 1, uint32_t vz = 1) : x(vx), y(vy), z(vz) {}
};

namespace AscendC {
namespace Simt {
using Dim3 = ::dim3;
template <auto funcPtr, typename... Args>
__aicore__ void VF_CALL(Dim3 threadNums, Args &&...args);
template <int32_t dim = 0>
__aicore__ uint32_t GetThreadIdx();
template <int32_t dim = 0>
__aicore__ uint32_t GetThreadNum();
__aicore__ uint32_t GetBlockIdx();
__aicore__ uint32_t GetBlockNum();
__aicore__ void ThreadBarrier();
#define ASCENDC_LINT_SIMT_ATOMIC(name)                                                                                \
    template <typename T, typename V>                                                                                \
    __aicore__ T name(T *address, V val);
ASCENDC_LINT_SIMT_ATOMIC(AtomicAdd)
ASCENDC_LINT_SIMT_ATOMIC(AtomicSub)
ASCENDC_LINT_SIMT_ATOMIC(AtomicExch)
ASCENDC_LINT_SIMT_ATOMIC(AtomicMax)
ASCENDC_LINT_SIMT_ATOMIC(AtomicMin)
ASCENDC_LINT_SIMT_ATOMIC(AtomicInc)
ASCENDC_LINT_SIMT_ATOMIC(AtomicDec)
ASCENDC_LINT_SIMT_ATOMIC(AtomicAnd)
ASCENDC_LINT_SIMT_ATOMIC(AtomicOr)
ASCENDC_LINT_SIMT_ATOMIC(AtomicXor)
#undef ASCENDC_LINT_SIMT_ATOMIC
template <typename T>
__aicore__ T Sin(T x);
template <typename T>
__aicore__ T Cos(T x);
template <typename T>
__aicore__ T Log(T x);
template <typename T>
__aicore__ T Exp(T x);
template <typename T>
__aicore__ T Sqrt(T x);
template <typename T>
__aicore__ T Abs(T x);
// dividend / divisor from GetUintDivMagicAndShift's magic and shift
// (asc-devkit include/simt_api/cpp/kernel_simt_math_intf.h): register arithmetic.
template <typename T>
__aicore__ T UintDiv(T dividend, T magic, T shift);
} // namespace Simt
} // namespace AscendC

#pragma clang diagnostic pop
