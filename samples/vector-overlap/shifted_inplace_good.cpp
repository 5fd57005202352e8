// lint: --target=ascend910b
// The twin of shifted_inplace_bad.cpp: the shifted result goes to a second
// buffer; the in-place Adds on it overlaps its source completely.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t N = 1024;

class KernelShift {
public:
  __aicore__ inline KernelShift() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float *)x, N);
    yGm.SetGlobalBuffer((__gm__ float *)y, N);
    pipe.InitBuffer(buf, N * sizeof(float));
    pipe.InitBuffer(obuf, N * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, xGm, N);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    LocalTensor<float> o = obuf.Get<float>();
    Adds(o[8], t, 1.0f, N - 8);
    Adds(o[8], o[8], 1.0f, N - 8);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm[8], o[8], N - 8);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf, obuf;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void shift(GM_ADDR x, GM_ADDR y) {
  KernelShift op;
  op.Init(x, y);
  op.Process();
}
