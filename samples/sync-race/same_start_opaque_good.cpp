// lint: --target=ascend910b
// The twin of same_start_opaque_bad.cpp: the MTE2_V flag pair orders the
// V read after the copy-in, so the opaque extents do not matter.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t CAP = 4096; // floats in the buffer

__aicore__ uint32_t RowLength(uint32_t row); // defined in another translation unit

class KernelScaleRow {
public:
  __aicore__ inline KernelScaleRow() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float *)x, CAP);
    yGm.SetGlobalBuffer((__gm__ float *)y, CAP);
    pipe.InitBuffer(buf, CAP * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    uint32_t n = RowLength(0);
    DataCopy(t, xGm, n);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    Muls(t, t, 2.0f, n);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm, t, n);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void scale_row(GM_ADDR x, GM_ADDR y) {
  KernelScaleRow op;
  op.Init(x, y);
  op.Process();
}
