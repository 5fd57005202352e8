// lint: --target=ascend910b
// A vector kernel with a block for the cube side of a mixed build
// (`__DAV_C220_CUBE__`): without a KERNEL_TASK_TYPE it is built for both
// halves (bisheng compiles the file once per core side), and the cube half
// stages 2 x 128 KiB, more than the 910B's UB. Its twin
// aiv_only_cube_branch_good.cpp declares KERNEL_TYPE_AIV_ONLY: only the
// vector half is built, and the cube block never is.
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
    pipe.InitBuffer(inQ, 2, 128 * 1024); // expect-error: capacity-overflow
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
  KernelScale op;
  op.Init(x, y, len);
  op.Process();
}
