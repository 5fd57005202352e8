// lint: --target=ascend910b --auto-sync=off
// InitGlobalMemory fills GM on the MTE3 pipe; the MTE3 -> MTE2 flag pair orders
// the DataCopy that reads it back after it (the twin of
// init_global_memory_bad.cpp).
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
    SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, wsGm, kLen);
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
