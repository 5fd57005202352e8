// Parse test for the bundled AscendC API (api/include): the canonical
// double-buffered vector kernel — a class with Init/Process/CopyIn/Compute/
// CopyOut over TQue queues, GM split per core. Must compile with
//   clang++-19 -std=c++17 -fsyntax-only -Wall -I api/include
#include "kernel_operator.h"

using namespace AscendC;

namespace {
constexpr int32_t BUFFER_NUM = 2; // two buffers per queue: load tile i+1 while computing tile i
}

class VecAddKernel {
public:
    __aicore__ inline VecAddKernel() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t totalLength, uint32_t tileNum)
    {
        blockLength_ = totalLength / GetBlockNum();
        tileNum_ = tileNum;
        tileLength_ = blockLength_ / tileNum / BUFFER_NUM;

        xGm_.SetGlobalBuffer((__gm__ half*)x + blockLength_ * GetBlockIdx(), blockLength_);
        yGm_.SetGlobalBuffer((__gm__ half*)y + blockLength_ * GetBlockIdx(), blockLength_);
        zGm_.SetGlobalBuffer((__gm__ half*)z + blockLength_ * GetBlockIdx(), blockLength_);

        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(half));
        pipe_.InitBuffer(inQueueY_, BUFFER_NUM, tileLength_ * sizeof(half));
        pipe_.InitBuffer(outQueueZ_, BUFFER_NUM, tileLength_ * sizeof(half));
    }

    __aicore__ inline void Process()
    {
        const int32_t loopCount = static_cast<int32_t>(tileNum_ * BUFFER_NUM);
        for (int32_t i = 0; i < loopCount; i++) {
            CopyIn(i);
            Compute(i);
            CopyOut(i);
        }
    }

private:
    __aicore__ inline void CopyIn(int32_t progress)
    {
        LocalTensor<half> xLocal = inQueueX_.AllocTensor<half>();
        LocalTensor<half> yLocal = inQueueY_.AllocTensor<half>();
        DataCopy(xLocal, xGm_[progress * tileLength_], tileLength_);
        DataCopy(yLocal, yGm_[progress * tileLength_], tileLength_);
        inQueueX_.EnQue(xLocal);
        inQueueY_.EnQue(yLocal);
    }

    __aicore__ inline void Compute(int32_t progress)
    {
        (void)progress;
        auto xLocal = inQueueX_.DeQue<half>();
        LocalTensor<half> yLocal = inQueueY_.DeQue<half>();
        LocalTensor<half> zLocal = outQueueZ_.AllocTensor<half>();
        Add(zLocal, xLocal, yLocal, tileLength_);
        Muls(zLocal, zLocal, static_cast<half>(0.5), tileLength_);
        outQueueZ_.EnQue<half>(zLocal);
        inQueueX_.FreeTensor(xLocal);
        inQueueY_.FreeTensor(yLocal);
    }

    __aicore__ inline void CopyOut(int32_t progress)
    {
        LocalTensor<half> zLocal = outQueueZ_.DeQue<half>();
        DataCopy(zGm_[progress * tileLength_], zLocal, tileLength_);
        outQueueZ_.FreeTensor(zLocal);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueY_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueZ_;
    GlobalTensor<half> xGm_;
    GlobalTensor<half> yGm_;
    GlobalTensor<half> zGm_;
    uint32_t blockLength_ = 0;
    uint32_t tileNum_ = 0;
    uint32_t tileLength_ = 0;
};

extern "C" __global__ __aicore__ void vec_add_double_buffer(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t totalLength,
                                                           uint32_t tileNum)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    VecAddKernel op;
    op.Init(x, y, z, totalLength, tileNum);
    op.Process();
}
