// lint: --target=ascend910b
// The twin of waw_unread_dummy_good.cpp where the scratch buffer is read
// afterwards: which of the two unordered writes lands last now decides what
// the copy-out sees.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t N = 1024;

class KernelWarm {
public:
  __aicore__ inline KernelWarm() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float *)x, N);
    yGm.SetGlobalBuffer((__gm__ float *)y, N);
    pipe.InitBuffer(scratch, N * sizeof(float) + 256); // keeps work out of scratch's bank group
    pipe.InitBuffer(work, N * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> s = scratch.Get<float>();
    Duplicate(s, 0.0f, N);
    DataCopy(s, xGm, N); // expect: sync-race
    LocalTensor<float> w = work.Get<float>();
    Duplicate(w, 1.0f, N);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID1);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID1);
    Add(w, w, s, N);
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
