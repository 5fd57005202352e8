// lint: --target=ascend910b --auto-sync=off
// A wait skipped on the first iteration (`if (!first_) WaitFlag`), its set at
// the end of each iteration, one wait after the loop to drain the last set:
// correct. The frontend does not follow the member `first_` across
// iterations, so whether the first iteration waits rests on a value it does
// not know: a possible hang (warning), never a hang error (it was one before;
// ops-math cumsum's sklansky kernels use this pattern).
#include "kernel_operator.h"
using namespace AscendC;
class KernelFirst {
public:
  __aicore__ inline KernelFirst() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t loops) {
    xGm.SetGlobalBuffer((__gm__ half *)x, 256 * 64);
    yGm.SetGlobalBuffer((__gm__ half *)y, 256 * 64);
    pipe.InitBuffer(buf, 256 * sizeof(half));
    loops_ = loops > 64 ? 64 : loops;
  }
  __aicore__ inline void Step(uint32_t i) {
    LocalTensor<half> t = buf.Get<half>();
    if (!first_) {
      WaitFlag<HardEvent::V_MTE2>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE2)); // expect-warning: sync-unpaired
    }
    DataCopy(t, xGm[i * 256], 256);
    SetFlag<HardEvent::MTE2_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_V>(EVENT_ID0);
    Adds(t, t, (half)1, 256);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm[i * 256], t, 256);
    SetFlag<HardEvent::MTE3_V>(EVENT_ID0);
    WaitFlag<HardEvent::MTE3_V>(EVENT_ID0);
    SetFlag<HardEvent::V_MTE2>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE2));
    first_ = false;
  }
  __aicore__ inline void Process() {
    for (uint32_t i = 0; i < loops_; i++)
      Step(i);
    if (loops_ > 0)
      WaitFlag<HardEvent::V_MTE2>(GetTPipePtr()->FetchEventID(HardEvent::V_MTE2));
  }

private:
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  GlobalTensor<half> xGm, yGm;
  uint32_t loops_ = 0;
  bool first_ = true;
};
extern "C" __global__ __aicore__ void first_iter(GM_ADDR x, GM_ADDR y, uint32_t loops) {
  KernelFirst op;
  op.Init(x, y, loops);
  op.Process();
}
