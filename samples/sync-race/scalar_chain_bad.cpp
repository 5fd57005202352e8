// lint: --target=ascend910b --target=ascend950
// Duplicate (V) then DataCopy out (MTE3) with no flag between them; the
// SetValue in between writes another buffer, so auto-sync has no reason to
// make it wait for the Duplicate: nothing orders V before MTE3, a race.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t N = 8;

class KernelSlotSum {
public:
  __aicore__ inline KernelSlotSum() {}
  __aicore__ inline void Init(GM_ADDR out) {
    outGm.SetGlobalBuffer((__gm__ float *)out, N);
    pipe.InitBuffer(buf, N * sizeof(float));
    pipe.InitBuffer(other, N * sizeof(float));
  }
  __aicore__ inline void Process(float v) {
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 0.0f, N);
    LocalTensor<float> o = other.Get<float>();
    o.SetValue(0, v);
    DataCopy(outGm, t, N); // expect-error: sync-race
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf, other;
  GlobalTensor<float> outGm;
};

extern "C" __global__ __aicore__ void slot_sum(GM_ADDR out, float v) {
  KernelSlotSum op;
  op.Init(out);
  op.Process(v);
}
