// lint: --target=ascend910b
// half -> float in place: the float results of the first iterations are
// written over halves that later iterations have not converted yet.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t N = 2048;

class KernelWiden {
public:
  __aicore__ inline KernelWiden() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ half *)x, N);
    yGm.SetGlobalBuffer((__gm__ float *)y, N);
    pipe.InitBuffer(buf, N * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> f = buf.Get<float>();
    LocalTensor<half> h = f.ReinterpretCast<half>();
    DataCopy(h, xGm, N);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    Cast(f, h, RoundMode::CAST_NONE, N); // expect-error: vector-overlap
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm, f, N);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<half> xGm;
  GlobalTensor<float> yGm;
};

extern "C" __global__ __aicore__ void widen(GM_ADDR x, GM_ADDR y) {
  KernelWiden op;
  op.Init(x, y);
  op.Process();
}
