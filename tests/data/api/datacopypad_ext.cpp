// Parse test for the bundled AscendC API (api/include): unaligned rows moved
// with DataCopyPad — DataCopyExtParams (byte lengths) and
// DataCopyPadExtParams<T> on load, DataCopyParams/DataCopyPadParams form,
// row strides, and an ASCENDC_ASSUME precondition with the guard real
// compilers need. Must compile with
//   clang++-19 -std=c++17 -fsyntax-only -Wall -I api/include
#include "kernel_operator.h"

#ifndef ASCENDC_ASSUME
#define ASCENDC_ASSUME(expr) ((void)0)
#endif

using namespace AscendC;

class RowNormKernel {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t rows, uint32_t cols, uint32_t alignedCols)
    {
        ASCENDC_ASSUME(alignedCols % 8 == 0 && alignedCols >= cols);
        rows_ = rows;
        cols_ = cols;
        alignedCols_ = alignedCols;
        xGm_.SetGlobalBuffer((__gm__ float*)x, rows * cols);
        yGm_.SetGlobalBuffer((__gm__ float*)y, rows * cols);
        pipe_.InitBuffer(inQueue_, 2, alignedCols * sizeof(float));
        pipe_.InitBuffer(outQueue_, 2, alignedCols * sizeof(float));
        pipe_.InitBuffer(sumBuf_, 64 * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        for (uint32_t r = 0; r < rows_; ++r) {
            LocalTensor<float> in = inQueue_.AllocTensor<float>();
            DataCopyExtParams copyIn{1, static_cast<uint32_t>(cols_ * sizeof(float)), 0, 0, 0};
            DataCopyPadExtParams<float> pad{true, 0, static_cast<uint8_t>(alignedCols_ - cols_), 0.0f};
            DataCopyPad(in, xGm_[r * cols_], copyIn, pad);
            inQueue_.EnQue(in);

            in = inQueue_.DeQue<float>();
            LocalTensor<float> out = outQueue_.AllocTensor<float>();
            LocalTensor<float> sum = sumBuf_.Get<float>();
            ReduceSum(sum, in, out, static_cast<int32_t>(alignedCols_));
            SetFlag<HardEvent::V_S>(EVENT_ID0);
            WaitFlag<HardEvent::V_S>(EVENT_ID0);
            float total = sum.GetValue(0);
            SetFlag<HardEvent::S_V>(EVENT_ID0);
            WaitFlag<HardEvent::S_V>(EVENT_ID0);
            Muls(out, in, 1.0f / (total + 1e-6f), static_cast<int32_t>(alignedCols_));
            outQueue_.EnQue(out);
            inQueue_.FreeTensor(in);

            out = outQueue_.DeQue<float>();
            DataCopyExtParams copyOut;
            copyOut.blockCount = 1;
            copyOut.blockLen = cols_ * sizeof(float);
            copyOut.srcStride = 0;
            copyOut.dstStride = 0;
            DataCopyPad(yGm_[r * cols_], out, copyOut);
            outQueue_.FreeTensor(out);
        }
    }

    // Older form: DataCopyParams (blockLen in bytes for DataCopyPad) + DataCopyPadParams.
    __aicore__ inline void CopyBlockOld(uint32_t r)
    {
        LocalTensor<float> in = inQueue_.AllocTensor<float>();
        DataCopyParams p(2, static_cast<uint16_t>(cols_ * sizeof(float)), 0, 0);
        DataCopyPadParams padParams(false, 0, 0, 0);
        DataCopyPad(in, xGm_[r * cols_], p, padParams);
        inQueue_.EnQue(in);
        in = inQueue_.DeQue<float>();
        DataCopyPad(yGm_[r * cols_], in, p);
        inQueue_.FreeTensor(in);
    }

private:
    TPipe pipe_;
    TQue<TPosition::VECIN, 2> inQueue_;
    TQue<TPosition::VECOUT, 2> outQueue_;
    TBuf<TPosition::VECCALC> sumBuf_;
    GlobalTensor<float> xGm_;
    GlobalTensor<float> yGm_;
    uint32_t rows_ = 0;
    uint32_t cols_ = 0;
    uint32_t alignedCols_ = 0;
};

extern "C" __global__ __aicore__ void row_norm(GM_ADDR x, GM_ADDR y, uint32_t rows, uint32_t cols,
                                               uint32_t alignedCols)
{
    RowNormKernel op;
    op.Init(x, y, rows, cols, alignedCols);
    op.Process();
    op.CopyBlockOld(0);
}
