// lint: --target=ascend910b --target=ascend950
// 216 KiB of UB: over the 192 KiB of ascend910b, within the 248 KiB usable on
// ascend950. The TBuf workspace is what tips it over.
#include "kernel_operator.h"

using namespace AscendC;

class KernelSoftmaxRows {
public:
  __aicore__ inline KernelSoftmaxRows() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float *)x);
    yGm.SetGlobalBuffer((__gm__ float *)y);
    pipe.InitBuffer(inQueue, 2, 48 * 1024);   // 96 KiB
    pipe.InitBuffer(outQueue, 2, 48 * 1024);  // 96 KiB
    pipe.InitBuffer(workBuf, 24 * 1024);      // 24 KiB  expect[ascend910b]: capacity-overflow
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQueue;
  TQue<TPosition::VECOUT, 2> outQueue;
  TBuf<TPosition::VECCALC> workBuf;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void softmax_rows(GM_ADDR x, GM_ADDR y) {
  KernelSoftmaxRows op;
  op.Init(x, y);
}
