// ascendc-lint bundled AscendC API: the high-level (adv) normalisation
// building blocks WelfordUpdate and WelfordFinalize, the online mean and
// variance of a reduce axis split into blocks (LayerNorm over a long axis).
// Declarations only; LayerNorm, RmsNorm, BatchNorm, ... are not declared.
//
// Mirrors (interface only; written for this project):
//   mirror-cann/asc-devkit docs/zh/api/SIMD-API/高阶API/归一化操作/WelfordUpdate.md,
//   WelfordFinalize.md (prototypes, WelfordUpdateParam, WelfordFinalizePara and the configs).
#pragma once

#include "ascendc_lint/tensor.h"

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-internal"

namespace AscendC {

struct WelfordUpdateConfig {
    bool isInplace = false; // outside abComputeLength the outputs take the inputs' values
};
constexpr WelfordUpdateConfig WFUPDATE_DEFAULT_CFG = {false};

// Every tensor of WelfordUpdate has the shape [rnLength, abLength]; the first
// abComputeLength elements of each row are computed.
struct WelfordUpdateParam {
    uint32_t rnLength;
    uint32_t abLength;
    uint32_t abComputeLength;
    float nRec;
};

template <typename T, typename U, bool isReuseSource = false, const WelfordUpdateConfig& config = WFUPDATE_DEFAULT_CFG>
__aicore__ void WelfordUpdate(const LocalTensor<U>& outputMean, const LocalTensor<U>& outputVariance,
                              const LocalTensor<U>& inputMean, const LocalTensor<U>& inputVariance,
                              const LocalTensor<T>& inputX, const LocalTensor<uint8_t>& sharedTmpBuffer,
                              const WelfordUpdateParam& para);
template <typename T, typename U, bool isReuseSource = false, const WelfordUpdateConfig& config = WFUPDATE_DEFAULT_CFG>
__aicore__ void WelfordUpdate(const LocalTensor<U>& outputMean, const LocalTensor<U>& outputVariance,
                              const LocalTensor<U>& inputMean, const LocalTensor<U>& inputVariance,
                              const LocalTensor<T>& inputX, const WelfordUpdateParam& para);

struct WelfordFinalizeConfig {
    bool isCorrection = false; // Ascend 950: the variance with rRecWithCorrection
};
constexpr WelfordFinalizeConfig WFFINALIZE_DEFAULT_CFG = {false};

// inputMean, inputVariance and counts hold abLength elements; each output is
// one float (in a 32-byte block).
struct WelfordFinalizePara {
    uint32_t rnLength;
    uint32_t abLength;
    uint32_t headCount;
    uint32_t headCountLength;
    uint32_t tailCount;
    uint32_t tailCountLength;
    float abRec;
    float rRec;
    float rRecWithCorrection;
};

template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
__aicore__ void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                                const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                                const LocalTensor<uint8_t>& sharedTmpBuffer, WelfordFinalizePara& para);
template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
__aicore__ void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                                const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                                const LocalTensor<int32_t>& counts, const LocalTensor<uint8_t>& sharedTmpBuffer,
                                WelfordFinalizePara& para);
template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
__aicore__ void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                                const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                                WelfordFinalizePara& para);
template <bool isReuseSource = false, const WelfordFinalizeConfig& config = WFFINALIZE_DEFAULT_CFG>
__aicore__ void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                                const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                                const LocalTensor<int32_t>& counts, WelfordFinalizePara& para);

} // namespace AscendC

#pragma clang diagnostic pop
