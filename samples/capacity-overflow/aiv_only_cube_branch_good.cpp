// lint: --target=ascend910b
// The twin of aiv_only_cube_branch_bad.cpp that declares its task type,
// KERNEL_TYPE_AIV_ONLY, as vector-only operators do: bisheng builds the
// vector half only, so the `__DAV_C220_CUBE__` block (2 x 128 KiB of UB,
// too much) is never compiled and the kernel is verified.
#include "kernel_operator.h"

using namespace AscendC;

class KernelScale {
public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t len) {
    this->len = len;
    xGm.SetGlobalBuffer((__gm__ float *)x, len);
    yGm.SetGlobalBuffer((__gm__ float *)y, len);
#if defined(__DAV_C220_CUBE__)
    // Staging for a cube path this operator never builds: twice 128 KiB.
    pipe.InitBuffer(inQ, 2, 128 * 1024);
#else
    pipe.InitBuffer(inQ, 2, 16 * 1024);
#endif
  }
  __aicore__ inline void Process() {
    if (len == 0 || len > 4096 || len % 8 != 0)
      return;
    LocalTensor<float> a = inQ.AllocTensor<float>();
    DataCopy(a, xGm, len);
    inQ.EnQue(a);
    a = inQ.DeQue<float>();
    Muls(a, a, 2.0f, len);
    PipeBarrier<PIPE_V>();
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(yGm, a, len);
    inQ.FreeTensor(a);
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQ;
  GlobalTensor<float> xGm, yGm;
  uint32_t len = 0;
};

extern "C" __global__ __aicore__ void scale(GM_ADDR x, GM_ADDR y, uint32_t len) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
  KernelScale op;
  op.Init(x, y, len);
  op.Process();
}
