// lint: --target=ascend910b
// A dummy copy-in that only warms the data cache lands in a scratch buffer
// the vector unit also clears; nothing ever reads the scratch buffer, so the
// two unordered writes to it race over nothing that matters.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t N = 1024;

class KernelWarm {
public:
  __aicore__ inline KernelWarm() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float *)x, N);
    yGm.SetGlobalBuffer((__gm__ float *)y, N);
    pipe.InitBuffer(scratch, N * sizeof(float));
    pipe.InitBuffer(work, N * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> s = scratch.Get<float>();
    Duplicate(s, 0.0f, N);
    DataCopy(s, xGm, N); // the dummy load
    LocalTensor<float> w = work.Get<float>();
    Duplicate(w, 1.0f, N);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm, w, N);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> scratch, work;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void warm(GM_ADDR x, GM_ADDR y) {
  KernelWarm op;
  op.Init(x, y);
  op.Process();
}
