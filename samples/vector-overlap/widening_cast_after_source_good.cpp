// lint: --target=ascend910b
// half -> float into the same buffer, the floats placed right after the
// halves (a scratch buffer split in two, as ops-math asin_with_agent does).
// N = 4128 halves: 64 whole repeats and a last repeat of 32 elements. The
// last repeat reads halves up to byte 2 * N and no further, so the first
// repeat's floats, which start there, overwrite nothing a repeat still reads.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t N = 4128;

class KernelWidenAfter {
public:
  __aicore__ inline KernelWidenAfter() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ half *)x, N);
    yGm.SetGlobalBuffer((__gm__ float *)y, N);
    pipe.InitBuffer(buf, N * sizeof(half) + N * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<half> h = buf.Get<half>();
    LocalTensor<float> f = buf.GetWithOffset<float>(N, N * sizeof(half));
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

extern "C" __global__ __aicore__ void widen_after(GM_ADDR x, GM_ADDR y) {
  KernelWidenAfter op;
  op.Init(x, y);
  op.Process();
}
