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

// Short vector types of SIMD/SIMT code, sizes and alignments as documented
// (docs: SIMT-API/SIMD与SIMT混合编程简介/扩展语法/内置数据类型, 表1, 表2: a
// vector of N elements of S bytes is N*S bytes, aligned to N*S), with their
// make_ functions (asc-devkit simt_api/vector_functions.h, which asc_simt.h
// includes: not visible to kernels that include only kernel_operator.h, whose
// own `float2` must still compile). The 8- and 16-bit float pairs are left out.
#define ASCENDC_LINT_SHORT_VECTOR(T, name)                                                                           \
    struct alignas(2 * sizeof(T)) name##2 {                                                                          \
        T x, y;                                                                                                      \
    };                                                                                                               \
    struct alignas(4 * sizeof(T)) name##4 {                                                                          \
        T x, y, z, w;                                                                                                \
    };                                                                                                               \
    __aicore__ constexpr inline name##2 make_##name##2(T x, T y) { return name##2{x, y}; }                          \
    __aicore__ constexpr inline name##4 make_##name##4(T x, T y, T z, T w) { return name##4{x, y, z, w}; }
ASCENDC_LINT_SHORT_VECTOR(signed char, char)
ASCENDC_LINT_SHORT_VECTOR(unsigned char, uchar)
ASCENDC_LINT_SHORT_VECTOR(short, short)
ASCENDC_LINT_SHORT_VECTOR(unsigned short, ushort)
ASCENDC_LINT_SHORT_VECTOR(int, int)
ASCENDC_LINT_SHORT_VECTOR(unsigned int, uint)
ASCENDC_LINT_SHORT_VECTOR(long, long)
ASCENDC_LINT_SHORT_VECTOR(unsigned long, ulong)
ASCENDC_LINT_SHORT_VECTOR(long long, longlong)
ASCENDC_LINT_SHORT_VECTOR(unsigned long long, ulonglong)
ASCENDC_LINT_SHORT_VECTOR(float, float)
#undef ASCENDC_LINT_SHORT_VECTOR

// Integer intrinsics of SIMT functions (docs: SIMT-API/数学函数/整型数学库函数):
// the high 32/64 bits of a product.
__aicore__ uint32_t __umulhi(uint32_t x, uint32_t y);
__aicore__ int32_t __mulhi(int32_t x, int32_t y);
__aicore__ uint64_t __umul64hi(uint64_t x, uint64_t y);
__aicore__ int64_t __mul64hi(int64_t x, int64_t y);
// The rest of that family. Written out where the docs define the value
// exactly (a widening product, halving adds, absolute differences, min/max
// of one type; constexpr, so the frontend runs them); the bit operations stay
// declarations (their results are unknown values). The overloaded `max` /
// `min` of the docs are left out: global overloads of those names would make
// kernels' own `max`/`min` calls ambiguous.
__aicore__ constexpr inline long long __mul_i32toi64(int x, int y) { return (long long)x * (long long)y; }
__aicore__ constexpr inline unsigned long long __mul_i32toi64(unsigned int x, unsigned int y) {
    return (unsigned long long)x * (unsigned long long)y;
}
__aicore__ int __mul24(int x, int y);
__aicore__ unsigned int __umul24(unsigned int x, unsigned int y);
__aicore__ constexpr inline int __hadd(int x, int y) { return (int)(((long long)x + (long long)y) >> 1); }
__aicore__ constexpr inline int __rhadd(int x, int y) { return (int)(((long long)x + (long long)y + 1) >> 1); }
__aicore__ constexpr inline unsigned int __uhadd(unsigned int x, unsigned int y) {
    return (unsigned int)(((unsigned long long)x + (unsigned long long)y) >> 1);
}
__aicore__ constexpr inline unsigned int __urhadd(unsigned int x, unsigned int y) {
    return (unsigned int)(((unsigned long long)x + (unsigned long long)y + 1) >> 1);
}
__aicore__ constexpr inline unsigned int __sad(int x, int y, unsigned int z) {
    return (x > y ? (unsigned int)((long long)x - (long long)y) : (unsigned int)((long long)y - (long long)x)) + z;
}
__aicore__ constexpr inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) {
    return (x > y ? x - y : y - x) + z;
}
__aicore__ unsigned int __brev(unsigned int x);
__aicore__ unsigned long __brev(unsigned long x);
__aicore__ unsigned long long __brev(unsigned long long x);
__aicore__ unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s);
__aicore__ int __clz(int x);
__aicore__ int __clz(long x);
__aicore__ int __clz(long long x);
__aicore__ int __ffs(int x);
__aicore__ int __ffs(long x);
__aicore__ int __ffs(long long x);
__aicore__ int __popc(unsigned int x);
__aicore__ int __popc(unsigned long x);
__aicore__ int __popc(unsigned long long x);
__aicore__ constexpr inline long long int llmax(const long long int x, const long long int y) { return x > y ? x : y; }
__aicore__ constexpr inline long long int llmin(const long long int x, const long long int y) { return x < y ? x : y; }
__aicore__ constexpr inline unsigned int umax(const unsigned int x, const unsigned int y) { return x > y ? x : y; }
__aicore__ constexpr inline unsigned int umin(const unsigned int x, const unsigned int y) { return x < y ? x : y; }
__aicore__ constexpr inline unsigned long long int ullmax(const unsigned long long int x, const unsigned long long int y) {
    return x > y ? x : y;
}
__aicore__ constexpr inline unsigned long long int ullmin(const unsigned long long int x, const unsigned long long int y) {
    return x < y ? x : y;
}

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
