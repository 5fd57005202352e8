// lint: --target=ascend910b --target=ascend950
// Two copies in flight at once, each with its own MTE2 -> V event id taken
// from the pipe's pool with AllocEventID, which reserves the id: the two ids
// differ, so neither set is lost. The ids go back with ReleaseEventID.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t LEN = 4000; // 16000 bytes: the two buffers do not share a bank group

class KernelTwoInputs {
public:
  __aicore__ inline KernelTwoInputs() {}
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
    aGm.SetGlobalBuffer((__gm__ float *)a, LEN);
    bGm.SetGlobalBuffer((__gm__ float *)b, LEN);
    cGm.SetGlobalBuffer((__gm__ float *)c, LEN);
    pipe.InitBuffer(aBuf, LEN * sizeof(float));
    pipe.InitBuffer(bBuf, LEN * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> a = aBuf.Get<float>();
    LocalTensor<float> b = bBuf.Get<float>();
    event_t idA = static_cast<event_t>(GetTPipePtr()->AllocEventID<HardEvent::MTE2_V>());
    event_t idB = static_cast<event_t>(GetTPipePtr()->AllocEventID<HardEvent::MTE2_V>());
    DataCopy(a, aGm, LEN);
    SetFlag<HardEvent::MTE2_V>(idA);
    DataCopy(b, bGm, LEN);
    SetFlag<HardEvent::MTE2_V>(idB);
    WaitFlag<HardEvent::MTE2_V>(idA);
    WaitFlag<HardEvent::MTE2_V>(idB);
    Add(a, a, b, LEN);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(cGm, a, LEN);
    GetTPipePtr()->ReleaseEventID<HardEvent::MTE2_V>(idA);
    GetTPipePtr()->ReleaseEventID<HardEvent::MTE2_V>(idB);
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> aBuf, bBuf;
  GlobalTensor<float> aGm, bGm, cGm;
};

extern "C" __global__ __aicore__ void two_inputs(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
  KernelTwoInputs op;
  op.Init(a, b, c);
  op.Process();
}
