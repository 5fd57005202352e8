// lint: --target=ascend910b
// The copy-in length comes from a helper the analysis cannot see into, so the
// extent of both accesses is opaque; but they start at the same offset of the
// same buffer and nothing orders the V read after the MTE2 write: they overlap
// unless one is empty (a warning: Z3 is asked only whether both run, never
// about the opaque values).
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
    Muls(t, t, 2.0f, n); // expect-warning: sync-race
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm, t, n); // expect-warning: sync-race
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
