// ascendc-lint bundled AscendC API: the scalar math library of SIMT functions
// (Ascend 950): float functions with C99 names, integer min/max/abs, and the
// half / bfloat16_t conversions and functions.
// Source: mirror-cann/asc-devkit include/simt_api/math_functions.h,
// asc_fp16.h, asc_bf16.h; docs: docs/zh/api/SIMT-API/数学函数.
// They compute on one thread's registers: no memory, no pipe. The model reads
// their float results as values it does not track; an integer result (min,
// max, abs) is an unknown integer wherever it decides an address.
#pragma once

#include "ascendc_lint/builtins.h"
#include "ascendc_lint/scalar_minmax.h"

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

#define ASCENDC_LINT_F1(name) __aicore__ float name(float x);
#define ASCENDC_LINT_F2(name) __aicore__ float name(float x, float y);
// Unary float functions.
ASCENDC_LINT_F1(acosf) ASCENDC_LINT_F1(acoshf) ASCENDC_LINT_F1(asinf) ASCENDC_LINT_F1(asinhf)
ASCENDC_LINT_F1(atanf) ASCENDC_LINT_F1(atanhf) ASCENDC_LINT_F1(cbrtf) ASCENDC_LINT_F1(ceilf)
ASCENDC_LINT_F1(cosf) ASCENDC_LINT_F1(coshf) ASCENDC_LINT_F1(cospif) ASCENDC_LINT_F1(cyl_bessel_i0f)
ASCENDC_LINT_F1(cyl_bessel_i1f) ASCENDC_LINT_F1(erfcf) ASCENDC_LINT_F1(erfcinvf) ASCENDC_LINT_F1(erfcxf)
ASCENDC_LINT_F1(erff) ASCENDC_LINT_F1(erfinvf) ASCENDC_LINT_F1(exp10f) ASCENDC_LINT_F1(exp2f)
ASCENDC_LINT_F1(expf) ASCENDC_LINT_F1(expm1f) ASCENDC_LINT_F1(fabsf) ASCENDC_LINT_F1(floorf)
ASCENDC_LINT_F1(j0f) ASCENDC_LINT_F1(j1f) ASCENDC_LINT_F1(lgammaf) ASCENDC_LINT_F1(log10f)
ASCENDC_LINT_F1(log1pf) ASCENDC_LINT_F1(log2f) ASCENDC_LINT_F1(logbf) ASCENDC_LINT_F1(logf)
ASCENDC_LINT_F1(nearbyintf) ASCENDC_LINT_F1(normcdff) ASCENDC_LINT_F1(normcdfinvf) ASCENDC_LINT_F1(rcbrtf)
ASCENDC_LINT_F1(rintf) ASCENDC_LINT_F1(roundf) ASCENDC_LINT_F1(rsqrtf) ASCENDC_LINT_F1(sinf)
ASCENDC_LINT_F1(sinhf) ASCENDC_LINT_F1(sinpif) ASCENDC_LINT_F1(sqrtf) ASCENDC_LINT_F1(tanf)
ASCENDC_LINT_F1(tanhf) ASCENDC_LINT_F1(tanpif) ASCENDC_LINT_F1(tgammaf) ASCENDC_LINT_F1(truncf)
ASCENDC_LINT_F1(y0f) ASCENDC_LINT_F1(y1f)
// Binary float functions.
ASCENDC_LINT_F2(atan2f) ASCENDC_LINT_F2(copysignf) ASCENDC_LINT_F2(fdimf) ASCENDC_LINT_F2(fdividef)
ASCENDC_LINT_F2(fmaxf) ASCENDC_LINT_F2(fminf) ASCENDC_LINT_F2(fmodf) ASCENDC_LINT_F2(hypotf)
ASCENDC_LINT_F2(nextafterf) ASCENDC_LINT_F2(powf) ASCENDC_LINT_F2(remainderf) ASCENDC_LINT_F2(rhypotf)
#undef ASCENDC_LINT_F1
#undef ASCENDC_LINT_F2

__aicore__ float fmaf(float x, float y, float z);
__aicore__ float norm3df(float a, float b, float c);
__aicore__ float norm4df(float a, float b, float c, float d);
__aicore__ float rnorm3df(float a, float b, float c);
__aicore__ float rnorm4df(float a, float b, float c, float d);
__aicore__ float jnf(int n, float x);
__aicore__ float ynf(int n, float x);
__aicore__ float ldexpf(float x, int exp);
__aicore__ float scalbnf(float x, int32_t n);
__aicore__ float scalblnf(float x, int64_t n);
// Functions that write through a pointer (any memory space: generic here).
__aicore__ float frexpf(float x, int *exp);
__aicore__ float modff(float x, float *n);
__aicore__ float remquof(float x, float y, int *quo);
__aicore__ float normf(int n, const float *a);
__aicore__ float rnormf(int n, const float *a);
__aicore__ void sincosf(float x, float *s, float *c);

__aicore__ bool isfinite(float x);
__aicore__ bool isinf(float x);
__aicore__ bool isnan(float x);
__aicore__ int signbit(float x);
__aicore__ int ilogbf(float x);
__aicore__ long lrintf(float x);
__aicore__ long lroundf(float x);
__aicore__ long long llrintf(float x);
__aicore__ long long llroundf(float x);

// Integer and overloaded functions (abs of a float as the compiler's
// built-in overload set provides it).
__aicore__ int abs(int x);
__aicore__ long abs(long x);
__aicore__ long long abs(long long x);
__aicore__ float abs(float x);
__aicore__ half abs(half x);
__aicore__ long labs(long x);
__aicore__ long long llabs(long long x);
// Integer min / max: ascendc_lint/scalar_minmax.h (also reached from kernel_operator.h on 950).
__aicore__ unsigned int umax(unsigned int x, unsigned int y);
__aicore__ unsigned int umin(unsigned int x, unsigned int y);
__aicore__ long long llmax(long long x, long long y);
__aicore__ long long llmin(long long x, long long y);
__aicore__ unsigned long long ullmax(unsigned long long x, unsigned long long y);
__aicore__ unsigned long long ullmin(unsigned long long x, unsigned long long y);

// half and bfloat16_t (asc_fp16.h, asc_bf16.h): conversions and functions,
// one declaration per element type.
#define ASCENDC_LINT_H16(T)                                                                                     \
    __aicore__ T __habs(T x);                                                                                   \
    __aicore__ T __hneg(T x);                                                                                   \
    __aicore__ T __hadd(T x, T y);                                                                              \
    __aicore__ T __hsub(T x, T y);                                                                              \
    __aicore__ T __hmul(T x, T y);                                                                              \
    __aicore__ T __hdiv(T x, T y);                                                                              \
    __aicore__ T __hmax(T x, T y);                                                                              \
    __aicore__ T __hmin(T x, T y);                                                                              \
    __aicore__ T __hfma(T x, T y, T z);                                                                         \
    __aicore__ bool __hisnan(T x);                                                                              \
    __aicore__ bool __hisinf(T x);                                                                              \
    __aicore__ bool __heq(T x, T y);                                                                            \
    __aicore__ bool __hne(T x, T y);                                                                            \
    __aicore__ bool __hlt(T x, T y);                                                                            \
    __aicore__ bool __hle(T x, T y);                                                                            \
    __aicore__ bool __hgt(T x, T y);                                                                            \
    __aicore__ bool __hge(T x, T y);                                                                            \
    __aicore__ T hceil(T x);                                                                                    \
    __aicore__ T hfloor(T x);                                                                                   \
    __aicore__ T hrint(T x);                                                                                    \
    __aicore__ T htrunc(T x);                                                                                   \
    __aicore__ T hexp(T x);                                                                                     \
    __aicore__ T hexp2(T x);                                                                                    \
    __aicore__ T hexp10(T x);                                                                                   \
    __aicore__ T hlog(T x);                                                                                     \
    __aicore__ T hlog2(T x);                                                                                    \
    __aicore__ T hlog10(T x);                                                                                   \
    __aicore__ T hsqrt(T x);                                                                                    \
    __aicore__ T hrsqrt(T x);                                                                                   \
    __aicore__ T hrcp(T x);                                                                                     \
    __aicore__ T hsin(T x);                                                                                     \
    __aicore__ T hcos(T x);                                                                                     \
    __aicore__ T htanh(T x);
ASCENDC_LINT_H16(half)
ASCENDC_LINT_H16(bfloat16_t)
#undef ASCENDC_LINT_H16
__aicore__ half __float2half(float x);
__aicore__ half __float2half_rn(float x);
__aicore__ half __float2half_rz(float x);
__aicore__ half __float2half_rd(float x);
__aicore__ half __float2half_ru(float x);
__aicore__ float __half2float(half x);
__aicore__ bfloat16_t __float2bfloat16(float x);
__aicore__ bfloat16_t __float2bfloat16_rn(float x);
__aicore__ bfloat16_t __float2bfloat16_rz(float x);
__aicore__ float __bfloat162float(bfloat16_t x);

#pragma clang diagnostic pop
