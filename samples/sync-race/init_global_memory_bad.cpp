// lint: --target=ascend910b --auto-sync=off
// InitGlobalMemory fills GM on the MTE3 pipe (a Duplicate into a stack buffer,
// then DataCopyPad out). Reading that GM back with a DataCopy (MTE2) needs an
// MTE3 -> MTE2 flag pair between them, or the copy may read the old bytes.
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t kLen = 1024;

class KernelZeroThenAccumulate {
public:
  __aicore__ inline KernelZeroThenAccumulate() {}
  __aicore__ inline void Init(GM_ADDR workspace, GM_ADDR y) {
    wsGm.SetGlobalBuffer((__gm__ float *)workspace, kLen);
    yGm.SetGlobalBuffer((__gm__ float *)y, kLen);
    pipe.InitBuffer(buf, kLen * sizeof(float));
  }
  __aicore__ inline void Process() {
    InitGlobalMemory(wsGm, kLen, 0.0f);
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, wsGm, kLen); // expect-error: sync-race
    SetFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_MTE3>(EVENT_ID0);
    DataCopy(yGm, t, kLen);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<float> wsGm, yGm;
};

extern "C" __global__ __aicore__ void zero_then_accumulate(GM_ADDR workspace, GM_ADDR y) {
  KernelZeroThenAccumulate op;
  op.Init(workspace, y);
  op.Process();
}
