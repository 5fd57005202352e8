// lint: --target=ascend910b --target=ascend950
// Duplicate (V) then DataCopy out (MTE3) with no flag between them, but a
// SetValue on the same elements in between: BiSheng's auto-sync makes that
// scalar store wait for the Duplicate, and the wait on S holds back the
// DataCopy the scalar unit issues after it. Ordered: silent.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t N = 8;

class KernelSlotSum {
public:
  __aicore__ inline KernelSlotSum() {}
  __aicore__ inline void Init(GM_ADDR out) {
    outGm.SetGlobalBuffer((__gm__ float *)out, N);
    pipe.InitBuffer(buf, N * sizeof(float));
  }
  __aicore__ inline void Process(float v) {
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 0.0f, N);
    t.SetValue(0, v);
    DataCopy(outGm, t, N);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> outGm;
};

extern "C" __global__ __aicore__ void slot_sum(GM_ADDR out, float v) {
  KernelSlotSum op;
  op.Init(out);
  op.Process(v);
}
