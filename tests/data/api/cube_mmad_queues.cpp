// Parse test for the bundled AscendC API (api/include): a cube-only matmul
// tile built from the basic API — A1/B1 (L1) queues filled by ND->NZ
// DataCopy, A2/B2 (L0A/L0B) by LoadData, CO1 (L0C) by Mmad, drained to GM by
// Fixpipe; the 950 path uses the V2 load and Arch3510 fixpipe params. Must
// compile with
//   clang++-19 -std=c++17 -fsyntax-only -Wall -I api/include
// (also with -D__NPU_ARCH__=2201 or -D__NPU_ARCH__=3510).
#include "kernel_operator.h"

using namespace AscendC;

template <typename AType, typename CType>
class CubeTileKernel {
public:
    static constexpr uint16_t FRACTAL = 16; // 16 x 16 fractal of 16-bit elements

    __aicore__ inline CubeTileKernel() {}

    __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c, uint16_t m, uint16_t n, uint16_t k)
    {
        m_ = m;
        n_ = n;
        k_ = k;
        aGm_.SetGlobalBuffer((__gm__ AType*)a, m * k);
        bGm_.SetGlobalBuffer((__gm__ AType*)b, k * n);
        cGm_.SetGlobalBuffer((__gm__ CType*)c, m * n);
        pipe_.InitBuffer(inQueueA1_, 1, m * k * sizeof(AType));
        pipe_.InitBuffer(inQueueB1_, 1, k * n * sizeof(AType));
        pipe_.InitBuffer(inQueueA2_, 1, m * k * sizeof(AType));
        pipe_.InitBuffer(inQueueB2_, 1, k * n * sizeof(AType));
        pipe_.InitBuffer(outQueueCO1_, 1, m * n * sizeof(CType));
    }

    __aicore__ inline void Process()
    {
        CopyGmToL1();
        SplitA();
        SplitB();
        Compute();
        CopyOut();
    }

private:
    __aicore__ inline void CopyGmToL1()
    {
        LocalTensor<AType> a1 = inQueueA1_.AllocTensor<AType>();
        LocalTensor<AType> b1 = inQueueB1_.AllocTensor<AType>();
        Nd2NzParams aParams;
        aParams.ndNum = 1;
        aParams.nValue = m_;
        aParams.dValue = k_;
        aParams.srcNdMatrixStride = 0;
        aParams.srcDValue = k_;
        aParams.dstNzC0Stride = m_;
        aParams.dstNzNStride = 1;
        aParams.dstNzMatrixStride = 0;
        DataCopy(a1, aGm_, aParams);
        DataCopy(b1, bGm_, Nd2NzParams(1, k_, n_, 0, n_, k_, 1, 0));
        inQueueA1_.EnQue(a1);
        inQueueB1_.EnQue(b1);
    }

    __aicore__ inline void SplitA()
    {
        LocalTensor<AType> a1 = inQueueA1_.DeQue<AType>();
        LocalTensor<AType> a2 = inQueueA2_.AllocTensor<AType>();
#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3510)
        LoadData(a2, a1,
                 LoadData2DParamsV2(0, 0, m_ / FRACTAL, k_ / FRACTAL, m_ / FRACTAL, m_ / FRACTAL, false, 0));
#else
        LoadData2DParams params;
        params.repeatTimes = static_cast<uint8_t>(k_ / FRACTAL);
        params.srcStride = m_ / FRACTAL;
        params.ifTranspose = false;
        for (uint16_t i = 0; i < m_ / FRACTAL; ++i) {
            params.startIndex = 0;
            LoadData(a2[i * k_ * FRACTAL], a1[i * FRACTAL * FRACTAL], params);
        }
#endif
        inQueueA2_.EnQue(a2);
        inQueueA1_.FreeTensor(a1);
    }

    __aicore__ inline void SplitB()
    {
        LocalTensor<AType> b1 = inQueueB1_.DeQue<AType>();
        LocalTensor<AType> b2 = inQueueB2_.AllocTensor<AType>();
        LoadData2DParams params(0, static_cast<uint8_t>(k_ * n_ / (FRACTAL * FRACTAL)), 1, 0, 0, true, 0);
        LoadData(b2, b1, params);
        inQueueB2_.EnQue(b2);
        inQueueB1_.FreeTensor(b1);
    }

    __aicore__ inline void Compute()
    {
        LocalTensor<AType> a2 = inQueueA2_.DeQue<AType>();
        LocalTensor<AType> b2 = inQueueB2_.DeQue<AType>();
        LocalTensor<CType> c1 = outQueueCO1_.AllocTensor<CType>();
        MmadParams mmad;
        mmad.m = m_;
        mmad.n = n_;
        mmad.k = k_;
        mmad.cmatrixInitVal = true;
        Mmad(c1, a2, b2, mmad);
        outQueueCO1_.EnQue<CType>(c1);
        inQueueA2_.FreeTensor(a2);
        inQueueB2_.FreeTensor(b2);
    }

    __aicore__ inline void CopyOut()
    {
        LocalTensor<CType> c1 = outQueueCO1_.DeQue<CType>();
#if defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3510)
        FixpipeParamsArch3510<CO2Layout::ROW_MAJOR> fix(n_, m_, m_, n_);
        fix.params.ndNum = 1;
        Fixpipe<CType, CType, CFG_ROW_MAJOR>(cGm_, c1, fix);
#else
        FixpipeParamsV220 fix;
        fix.nSize = n_;
        fix.mSize = m_;
        fix.srcStride = m_;
        fix.dstStride = n_;
        fix.ndNum = 1;
        fix.quantPre = NoQuant;
        Fixpipe<CType, CType, CFG_ROW_MAJOR>(cGm_, c1, fix);
#endif
        outQueueCO1_.FreeTensor(c1);
    }

    TPipe pipe_;
    TQue<TPosition::A1, 1> inQueueA1_;
    TQue<TPosition::B1, 1> inQueueB1_;
    TQue<TPosition::A2, 1> inQueueA2_;
    TQue<TPosition::B2, 1> inQueueB2_;
    TQue<TPosition::CO1, 1> outQueueCO1_;
    GlobalTensor<AType> aGm_;
    GlobalTensor<AType> bGm_;
    GlobalTensor<CType> cGm_;
    uint16_t m_ = 0;
    uint16_t n_ = 0;
    uint16_t k_ = 0;
};

extern "C" __global__ __cube__ void cube_tile_matmul(GM_ADDR a, GM_ADDR b, GM_ADDR c)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
    CubeTileKernel<half, float> op;
    op.Init(a, b, c, 32, 32, 32);
    op.Process();
}
