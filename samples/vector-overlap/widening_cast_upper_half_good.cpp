// lint: --target=ascend910b
// half -> float in place, the common way round: the halves are copied into
// the buffer's upper part and converted into floats from its start. Repeat r
// writes floats [64r, 64r + 64) (bytes [256r, 256r + 256)) and reads halves
// that start 128 bytes further on per repeat, 256 bytes past the floats'
// end: no repeat writes over a half that it or a later repeat still reads.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t N = 2048;
constexpr uint32_t SLACK = 256; // one repeat's destination block

class KernelWidenUp {
public:
  __aicore__ inline KernelWidenUp() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ half *)x, N);
    yGm.SetGlobalBuffer((__gm__ float *)y, N);
    pipe.InitBuffer(buf, N * sizeof(float) + SLACK);
  }
  __aicore__ inline void Process() {
    LocalTensor<float> f = buf.Get<float>(N);
    LocalTensor<half> h = buf.GetWithOffset<half>(N, N * sizeof(half) + SLACK);
    DataCopy(h, xGm, N);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    Cast(f, h, RoundMode::CAST_NONE, N);
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

extern "C" __global__ __aicore__ void widen_up(GM_ADDR x, GM_ADDR y) {
  KernelWidenUp op;
  op.Init(x, y);
  op.Process();
}
