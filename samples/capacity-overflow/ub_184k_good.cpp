// lint: --target=ascend910b --target=ascend950
// The good twin of ub_216k_bad.cpp: 184 KiB of UB fits every chip
// (ascend910b has 191.75 KiB usable).
#include "kernel_operator.h"

using namespace AscendC;

class KernelSoftmaxRows {
public:
  __aicore__ inline KernelSoftmaxRows() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float *)x);
    yGm.SetGlobalBuffer((__gm__ float *)y);
    pipe.InitBuffer(inQueue, 2, 40 * 1024);   // 80 KiB
    pipe.InitBuffer(outQueue, 2, 40 * 1024);  // 80 KiB
    pipe.InitBuffer(workBuf, 24 * 1024);      // 24 KiB: 184 KiB in all
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
