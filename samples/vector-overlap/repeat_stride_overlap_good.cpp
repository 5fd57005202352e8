// lint: --target=ascend910b
// The good twin: shifting a row left by one repeat in place is allowed (each
// repeat writes only what earlier repeats read), the strided Exp stays inside
// its 2 KB buffer, and an Add whose bit mask is not a constant is bounded by
// its whole repeats (a hull that fits). The destination of Add over its
// second source with dstRepStride 0 accumulates rows, which the API allows.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t N = 1024; // floats: 4 KB
constexpr uint32_t W = 512;  // floats: 2 KB

class KernelRepeatShift {
public:
  __aicore__ inline KernelRepeatShift() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint64_t lanes) {
    xGm.SetGlobalBuffer((__gm__ float *)x, N);
    yGm.SetGlobalBuffer((__gm__ float *)y, N);
    pipe.InitBuffer(buf, N * sizeof(float));
    pipe.InitBuffer(work, W * sizeof(float));
    mask[0] = lanes;
    mask[1] = 0;
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    LocalTensor<float> w = work.Get<float>();
    DataCopy(t, xGm, N);
    Duplicate(w, 0.0f, W);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    UnaryRepeatParams rp(1, 1, 8, 8);
    Adds(t, t[64], 1.0f, 64, 7, rp);
    UnaryRepeatParams wide(1, 1, 16, 16);
    Exp(w, w, 64, 4, wide);
    BinaryRepeatParams acc(1, 1, 1, 0, 8, 0);
    Add(w, t, w, mask, 4, acc);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm, t, N);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf, work;
  GlobalTensor<float> xGm, yGm;
  uint64_t mask[2];
};

extern "C" __global__ __aicore__ void repeat_shift(GM_ADDR x, GM_ADDR y, uint64_t lanes) {
  KernelRepeatShift op;
  op.Init(x, y, lanes);
  op.Process();
}
