// lint: --target=ascend910b
// A shift by one block done in place: destination and source start 32 bytes
// apart in the same buffer, so they overlap partially.
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
  }
  __aicore__ inline void Process() {
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, xGm, N);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    Adds(t[8], t, 1.0f, N - 8); // expect: vector-overlap
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm, t, N);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void shift(GM_ADDR x, GM_ADDR y) {
  KernelShift op;
  op.Init(x, y);
  op.Process();
}
