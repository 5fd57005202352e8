// lint: --target=ascend910b --target=ascend950
// A vector instruction on a view that starts 8 floats (32 bytes) into a UB buffer:
// The good twin of view_offset_bad.cpp.
#include "kernel_operator.h"

using namespace AscendC;

class KernelShift {
public:
  __aicore__ inline KernelShift() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float *)x, 1024);
    yGm.SetGlobalBuffer((__gm__ float *)y, 1024);
    pipe.InitBuffer(inQueue, 1, 1024 * sizeof(float));
    pipe.InitBuffer(outQueue, 1, 1024 * sizeof(float));
  }
  __aicore__ inline void Process() {
    LocalTensor<float> x = inQueue.AllocTensor<float>();
    DataCopy(x, xGm, 1024);
    inQueue.EnQue(x);
    LocalTensor<float> xi = inQueue.DeQue<float>();
    LocalTensor<float> y = outQueue.AllocTensor<float>();
    Adds(y, xi[8], 1.0f, 1016); // 8 floats = 32 bytes: aligned
    outQueue.EnQue(y);
    inQueue.FreeTensor(xi);
    LocalTensor<float> yo = outQueue.DeQue<float>();
    DataCopy(yGm, yo, 1016); // the 1016 floats Adds wrote
    outQueue.FreeTensor(yo);
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, 1> inQueue;
  TQue<TPosition::VECOUT, 1> outQueue;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void shift_kernel(GM_ADDR x, GM_ADDR y) {
  KernelShift op;
  op.Init(x, y);
  op.Process();
}
