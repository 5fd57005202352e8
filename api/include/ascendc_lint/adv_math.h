// ascendc-lint bundled AscendC API: the element-wise part of the high-level
// (adv) API — math and activation functions computed on the vector core,
// optionally with a caller-provided temporary UB buffer (sharedTmpBuffer).
// Declarations only; other high-level APIs (SoftMax, LayerNorm, TopK, ...) are
// not declared.
// (List tensors and the deterministic-order helpers are in sys.h.)
//
// Mirrors (interface only; written for this project):
//   mirror-cann/asc-devkit include/adv_api/math/*.h, include/adv_api/activation/sigmoid.h, silu.h, gelu.h
#pragma once

#include "ascendc_lint/tensor.h"

// ascendc-lint: declarations are never defined, so uses through internal-linkage
// template arguments (e.g. a kernel's own constexpr MatmulConfig) must not warn.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

// dst = f(src), four forms: (+tmp, +count), (+tmp), (+count), ().
#define ASCENDC_LINT_ADV_UNARY(Name)                                                                          \
    template <typename T, bool isReuseSource = false>                                                         \
    __aicore__ void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                   \
                         const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount);               \
    template <typename T, bool isReuseSource = false>                                                         \
    __aicore__ void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                   \
                         const LocalTensor<uint8_t>& sharedTmpBuffer);                                        \
    template <typename T, bool isReuseSource = false>                                                         \
    __aicore__ void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                   \
                         const uint32_t calCount);                                                            \
    template <typename T, bool isReuseSource = false>                                                         \
    __aicore__ void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor)

namespace AscendC {

ASCENDC_LINT_ADV_UNARY(Sin);
ASCENDC_LINT_ADV_UNARY(Cos);
ASCENDC_LINT_ADV_UNARY(Tan);
ASCENDC_LINT_ADV_UNARY(Asin);
ASCENDC_LINT_ADV_UNARY(Acos);
ASCENDC_LINT_ADV_UNARY(Atan);
ASCENDC_LINT_ADV_UNARY(Sinh);
ASCENDC_LINT_ADV_UNARY(Cosh);
ASCENDC_LINT_ADV_UNARY(Tanh);
ASCENDC_LINT_ADV_UNARY(Asinh);
ASCENDC_LINT_ADV_UNARY(Acosh);
ASCENDC_LINT_ADV_UNARY(Atanh);
ASCENDC_LINT_ADV_UNARY(Log);
ASCENDC_LINT_ADV_UNARY(Log2);
ASCENDC_LINT_ADV_UNARY(Log10);
ASCENDC_LINT_ADV_UNARY(Floor);
ASCENDC_LINT_ADV_UNARY(Ceil);
ASCENDC_LINT_ADV_UNARY(Round);
ASCENDC_LINT_ADV_UNARY(Rint);
ASCENDC_LINT_ADV_UNARY(Trunc);
ASCENDC_LINT_ADV_UNARY(Frac);
ASCENDC_LINT_ADV_UNARY(Sign);
ASCENDC_LINT_ADV_UNARY(Erf);
ASCENDC_LINT_ADV_UNARY(Erfc);
ASCENDC_LINT_ADV_UNARY(Digamma);
ASCENDC_LINT_ADV_UNARY(Lgamma);
ASCENDC_LINT_ADV_UNARY(Sigmoid);

template <typename T, bool isReuseSource = false>
__aicore__ void Silu(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, uint32_t dataSize);

#define ASCENDC_LINT_ADV_GELU(Name)                                                                           \
    template <typename T, bool highPrecision = false, bool highPerformance = false>                           \
    __aicore__ void Name(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,                     \
                         const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t dataSize);               \
    template <typename T, bool highPrecision = false, bool highPerformance = false>                           \
    __aicore__ void Name(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dataSize)
ASCENDC_LINT_ADV_GELU(Gelu);
ASCENDC_LINT_ADV_GELU(FasterGelu);
ASCENDC_LINT_ADV_GELU(FasterGeluV2);
#undef ASCENDC_LINT_ADV_GELU

// Exp by Taylor expansion (the basic Exp is in vector.h).
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
__aicore__ void Exp(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t calCount);
template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>
__aicore__ void Exp(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                    const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount);

// dst += src * scalar with a temporary buffer (the basic Axpy is in vector.h).
template <typename T, typename U, bool isReuseSource = false>
__aicore__ void Axpy(const LocalTensor<T>& dstTensor, const LocalTensor<U>& srcTensor, const U scalarValue,
                     const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount);

template <typename T, bool isReuseSource = false>
__aicore__ void Swish(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, uint32_t dataSize,
                      const T scalarValue);

template <typename T, typename U>
__aicore__ void IsFinite(const LocalTensor<U>& dst, const LocalTensor<T>& src, uint32_t calCount);

// Clamp between two scalar bounds (config defaulted).
template <typename T, typename U, typename S>
__aicore__ void Clamp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const U& min, const S& max,
                      const uint32_t count);

// dst = f(src0, src1), four forms: (+tmp, +count), (+count), (+tmp), ().
#define ASCENDC_LINT_ADV_BINARY(Name)                                                                          \
    template <typename T, bool isReuseSource = false>                                                          \
    __aicore__ void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,                   \
                         const LocalTensor<T>& src1Tensor, const LocalTensor<uint8_t>& sharedTmpBuffer,        \
                         const uint32_t calCount);                                                             \
    template <typename T, bool isReuseSource = false>                                                          \
    __aicore__ void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,                   \
                         const LocalTensor<T>& src1Tensor, const uint32_t calCount);                           \
    template <typename T, bool isReuseSource = false>                                                          \
    __aicore__ void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,                   \
                         const LocalTensor<T>& src1Tensor, const LocalTensor<uint8_t>& sharedTmpBuffer);       \
    template <typename T, bool isReuseSource = false>                                                          \
    __aicore__ void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,                   \
                         const LocalTensor<T>& src1Tensor)
ASCENDC_LINT_ADV_BINARY(Xor);
ASCENDC_LINT_ADV_BINARY(Fmod);
ASCENDC_LINT_ADV_BINARY(GeGLU);
#undef ASCENDC_LINT_ADV_BINARY

template <typename T, bool isReuseSource = false>
__aicore__ void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
                       const float& scalarValue);
template <typename T, bool isReuseSource = false>
__aicore__ void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
                       const float& scalarValue, const LocalTensor<uint8_t>& sharedTmpBuffer);
template <typename T, bool isReuseSource = false>
__aicore__ void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
                       const float& scalarValue, const uint32_t calCount);
template <typename T, bool isReuseSource = false>
__aicore__ void SwiGLU(LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
                       const float& scalarValue, const LocalTensor<uint8_t>& sharedTmpBuffer,
                       const uint32_t calCount);

// Power: tensor^tensor, tensor^scalar, scalar^tensor.
template <typename T, bool isReuseSource = false>
__aicore__ void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                      const LocalTensor<T>& src1Tensor, const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount);
template <typename T, bool isReuseSource = false>
__aicore__ void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                      const LocalTensor<T>& src1Tensor, uint32_t calCount);
template <typename T, bool isReuseSource = false>
__aicore__ void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor,
                      const LocalTensor<T>& src1Tensor);
template <typename T, bool isReuseSource = false>
__aicore__ void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar,
                      const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount);
template <typename T, bool isReuseSource = false>
__aicore__ void Power(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const T& src1Scalar,
                      uint32_t calCount);
template <typename T, bool isReuseSource = false>
__aicore__ void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor,
                      const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount);
template <typename T, bool isReuseSource = false>
__aicore__ void Power(const LocalTensor<T>& dstTensor, const T& src0Scalar, const LocalTensor<T>& src1Tensor,
                      uint32_t calCount);

// Clamp to a scalar bound.
template <typename T, bool isReuseSource = false>
__aicore__ void ClampMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                         const LocalTensor<uint8_t>& sharedTmpBuffer, const T scalar, const uint32_t calCount);
template <typename T, bool isReuseSource = false>
__aicore__ void ClampMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const T scalar,
                         const uint32_t calCount);
template <typename T, bool isReuseSource = false>
__aicore__ void ClampMin(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                         const LocalTensor<uint8_t>& sharedTmpBuffer, const T scalar, const uint32_t calCount);
template <typename T, bool isReuseSource = false>
__aicore__ void ClampMin(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const T scalar,
                         const uint32_t calCount);

// Sum over the last axis (asc-devkit include/adv_api/reduce/sum_utils.h:27,
// sum.h:55-76): `outter` rows of `n` elements, each row padded to `inner`.
// Not modelled: extents are unknown (the vector fallback), never "fine".
struct SumParams {
  uint32_t outter = 1;
  uint32_t inner;
  uint32_t n;
};
template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
__aicore__ void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                    const LocalTensor<uint8_t>& sharedTmpBuffer, const SumParams& sumParams);
template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
__aicore__ void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const SumParams& sumParams);

// Philox random numbers (Ascend 950; asc-devkit include/adv_api/math/philox.h,
// docs/zh/api/SIMD-API/高阶API/随机函数/PhiloxRandom.md): the continuous form
// writes `count` elements of dstLocal; the stride form `row` rows of `column`
// elements, `stride` elements apart.
using PhiloxKey = uint32_t[2];
using PhiloxCounter = uint32_t[4];
struct PhiloxRandomParams {
  uint32_t stride;
  uint32_t row;
  uint32_t column;
};
template <uint16_t Rounds = 7, typename T>
__aicore__ void PhiloxRandom(const LocalTensor<T>& dstLocal, const PhiloxKey& philoxKey,
                             const PhiloxCounter& philoxCounter, uint16_t count);
template <uint16_t Rounds = 7, typename T>
__aicore__ void PhiloxRandom(const LocalTensor<T>& dstLocal, const PhiloxKey& philoxKey,
                             const PhiloxCounter& philoxCounter, const PhiloxRandomParams& params);

} // namespace AscendC

#undef ASCENDC_LINT_ADV_UNARY

#pragma clang diagnostic pop
