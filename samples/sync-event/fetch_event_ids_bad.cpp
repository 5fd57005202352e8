// lint: --target=ascend910b --target=ascend950
// The bad twin of alloc_event_ids_good.cpp: the ids come from FetchEventID,
// which does not reserve them, so both calls return the same id. The second
// SetFlag lands on a flag still set; the two sets collapse into one and the
// second WaitFlag waits forever.
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
    event_t idA = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE2_V));
    event_t idB = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE2_V));
    DataCopy(a, aGm, LEN);
    SetFlag<HardEvent::MTE2_V>(idA);
    DataCopy(b, bGm, LEN);
    SetFlag<HardEvent::MTE2_V>(idB); // expect-error: sync-event
    WaitFlag<HardEvent::MTE2_V>(idA);
    WaitFlag<HardEvent::MTE2_V>(idB); // expect-error: sync-unpaired
    Add(a, a, b, LEN);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(cGm, a, LEN);
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
