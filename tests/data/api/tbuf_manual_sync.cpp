// Parse test for the bundled AscendC API (api/include): TBuf scratch buffers
// with hand-written synchronisation — SetFlag/WaitFlag with literal, fetched
// and allocated event ids, PipeBarrier, Get/GetWithOffset/ReinterpretCast,
// scalar GetValue/SetValue. Must compile with
//   clang++-19 -std=c++17 -fsyntax-only -Wall -I api/include
#include "kernel_operator.h"

class ScaleRowsKernel {
public:
    __aicore__ inline ScaleRowsKernel() {}

    __aicore__ inline void Init(GM_ADDR src, GM_ADDR dst, uint32_t rows, uint32_t cols)
    {
        rows_ = rows;
        cols_ = cols;
        srcGm_.SetGlobalBuffer((__gm__ float*)src, rows * cols);
        dstGm_.SetGlobalBuffer((__gm__ float*)dst, rows * cols);
        pipe_.InitBuffer(dataBuf_, cols * sizeof(float));
        pipe_.InitBuffer(workBuf_, 2 * cols * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        AscendC::LocalTensor<float> data = dataBuf_.Get<float>();
        AscendC::LocalTensor<float> work = workBuf_.Get<float>(cols_);
        AscendC::LocalTensor<float> second = workBuf_.GetWithOffset<float>(cols_, cols_ * sizeof(float));
        AscendC::LocalTensor<uint8_t> raw = second.ReinterpretCast<uint8_t>();
        (void)raw;

        // Event ids from the pipe: Fetch peeks, Alloc reserves until Release.
        int32_t vToMte3 = static_cast<int32_t>(GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_MTE3));
        AscendC::TEventID mte3ToMte2 = pipe_.AllocEventID<AscendC::HardEvent::MTE3_MTE2>();

        for (uint32_t r = 0; r < rows_; ++r) {
            if (r > 0) {
                AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(mte3ToMte2);
            }
            AscendC::DataCopy(data, srcGm_[r * cols_], cols_);
            AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0);
            AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(EVENT_ID0);

            AscendC::Exp(work, data, cols_);
            AscendC::PipeBarrier<PIPE_V>();
            AscendC::Mul(data, data, work, cols_);

            // Scalar read of the first element needs the vector result.
            AscendC::SetFlag<AscendC::HardEvent::V_S>(EVENT_ID1);
            AscendC::WaitFlag<AscendC::HardEvent::V_S>(EVENT_ID1);
            float head = data.GetValue(0);
            data.SetValue(0, head * 2.0f);
            AscendC::SetFlag<AscendC::HardEvent::S_MTE3>(EVENT_ID2);
            AscendC::WaitFlag<AscendC::HardEvent::S_MTE3>(EVENT_ID2);

            AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(vToMte3);
            AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(vToMte3);
            AscendC::DataCopy(dstGm_[r * cols_], data, cols_);
            if (r + 1 < rows_) {
                AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(mte3ToMte2);
            }
        }
        pipe_.ReleaseEventID<AscendC::HardEvent::MTE3_MTE2>(mte3ToMte2);
    }

private:
    AscendC::TPipe pipe_;
    AscendC::TBuf<AscendC::TPosition::VECCALC> dataBuf_;
    AscendC::TBuf<> workBuf_;
    AscendC::GlobalTensor<float> srcGm_;
    AscendC::GlobalTensor<float> dstGm_;
    uint32_t rows_ = 0;
    uint32_t cols_ = 0;
};

extern "C" __global__ __aicore__ void scale_rows(GM_ADDR src, GM_ADDR dst, uint32_t rows, uint32_t cols)
{
    ScaleRowsKernel op;
    op.Init(src, dst, rows, cols);
    op.Process();
}
