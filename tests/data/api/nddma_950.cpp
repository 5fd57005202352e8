// Parse test for the bundled AscendC API (api/include): Ascend 950 data
// movement — a 3-D NDDMA gather with padding (NdDmaParams / MultiCopyParams
// with loopInfo.loopSize/loopSrcStride/loopDstStride/loopLpSize/loopRpSize and
// constantValue), a custom NdDmaConfig, NdDmaDci, the DMA loop mode and a
// DataCopyPad store. Must compile with
//   clang++-19 -std=c++17 -fsyntax-only -Wall -I api/include -D__NPU_ARCH__=3510 -D__CCE_AICORE__=310
// (and without the defines).
#include "kernel_operator.h"

namespace {
constexpr uint8_t DIMS = 3;
constexpr AscendC::NdDmaConfig PAD_CFG = {false, 1, 1, false};
} // namespace

class PaddedGatherKernel {
public:
    __aicore__ inline void Init(GM_ADDR src, GM_ADDR dst, uint32_t d0, uint32_t d1, uint32_t d2)
    {
        d0_ = d0;
        d1_ = d1;
        d2_ = d2;
        srcGm_.SetGlobalBuffer((__gm__ float*)src, static_cast<uint64_t>(d0) * d1 * d2);
        dstGm_.SetGlobalBuffer((__gm__ float*)dst);
        pipe_.InitBuffer(outQueue_, 1, (d0 + 2) * d1 * d2 * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        AscendC::LocalTensor<float> tile = outQueue_.AllocTensor<float>();

        AscendC::NdDmaParams<float, DIMS> params;
        params.loopInfo.loopSize[0] = d0_;
        params.loopInfo.loopSize[1] = d1_;
        params.loopInfo.loopSize[2] = d2_;
        params.loopInfo.loopSrcStride[0] = 1;
        params.loopInfo.loopSrcStride[1] = d0_;
        params.loopInfo.loopSrcStride[2] = static_cast<uint64_t>(d0_) * d1_;
        params.loopInfo.loopDstStride[0] = 1;
        params.loopInfo.loopDstStride[1] = d0_ + 2;
        params.loopInfo.loopDstStride[2] = (d0_ + 2) * d1_;
        params.loopInfo.loopLpSize[0] = 1;
        params.loopInfo.loopRpSize[0] = 1;
        params.constantValue = 0.0f;

        AscendC::NdDmaDci();
        AscendC::DataCopy<float, DIMS, PAD_CFG>(tile, srcGm_, params);

        // Same copy with the default config and the old type name.
        AscendC::MultiCopyParams<float, DIMS> plain = params;
        AscendC::DataCopy(tile, srcGm_, plain);
        outQueue_.EnQue(tile);

        tile = outQueue_.DeQue<float>();
        AscendC::LoopModeParams loop(d1_, d2_, (d0_ + 2) * sizeof(float), d0_ * sizeof(float), 0, 0);
        AscendC::SetLoopModePara(loop, AscendC::DataCopyMVType::UB_TO_OUT);
        AscendC::DataCopyExtParams ext(1, (d0_ + 2) * sizeof(float), 0, 0, 0);
        AscendC::DataCopyPad<float, AscendC::PaddingMode::Normal>(dstGm_, tile, ext);
        AscendC::ResetLoopModePara(AscendC::DataCopyMVType::UB_TO_OUT);
        outQueue_.FreeTensor(tile);
    }

private:
    AscendC::TPipe pipe_;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> outQueue_;
    AscendC::GlobalTensor<float> srcGm_;
    AscendC::GlobalTensor<float> dstGm_;
    uint32_t d0_ = 0;
    uint32_t d1_ = 0;
    uint32_t d2_ = 0;
};

extern "C" __global__ __vector__ void padded_gather(GM_ADDR src, GM_ADDR dst, uint32_t d0, uint32_t d1, uint32_t d2)
{
    PaddedGatherKernel op;
    op.Init(src, dst, d0, d1, d2);
    op.Process();
}
