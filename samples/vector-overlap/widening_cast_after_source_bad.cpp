// lint: --target=ascend910b
// half -> float into the same buffer, the floats placed 64 bytes before the
// halves end (the offset computed in floats, one 32-half block short). The
// first repeat writes floats over the last 32 halves, which the last repeat
// (the 65th, of 32 elements) reads afterwards.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t N = 4128;

class KernelWidenShort {
public:
  __aicore__ inline KernelWidenShort() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ half *)x, N);
    yGm.SetGlobalBuffer((__gm__ float *)y, N);
    pipe.InitBuffer(buf, N * sizeof(half) + N * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<half> h = buf.Get<half>();
    LocalTensor<float> f = buf.GetWithOffset<float>(N, N * sizeof(half) - 64);
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

extern "C" __global__ __aicore__ void widen_short(GM_ADDR x, GM_ADDR y) {
  KernelWidenShort op;
  op.Init(x, y);
  op.Process();
}
