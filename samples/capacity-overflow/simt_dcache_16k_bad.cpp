// lint: --target=ascend950 --simt-dcache=16K
// A launch that leaves only 16 KiB of UB to the SIMT Data Cache: below the
// 32 KiB minimum the Ascend 950 launch check rejects the kernel.
#include "kernel_operator.h"

using namespace AscendC;

class KernelScatterRows {
public:
  __aicore__ inline KernelScatterRows() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float *)x);
    yGm.SetGlobalBuffer((__gm__ float *)y);
    pipe.InitBuffer(inQueue, 2, 32 * 1024);
    pipe.InitBuffer(outQueue, 2, 32 * 1024);
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQueue;
  TQue<TPosition::VECOUT, 2> outQueue;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void scatter_rows(GM_ADDR x, GM_ADDR y) { // expect-error: capacity-overflow
  KernelScatterRows op;
  op.Init(x, y);
}
